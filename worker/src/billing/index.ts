export * from './billing-mail';
export * from './billing-notice.delivery';
