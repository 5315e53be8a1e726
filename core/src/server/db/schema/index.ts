export * from './users';
export * from './lines';
export * from './billing';
export * from './messages';
export * from './teams';
export * from './brands';
export * from './billing-lifecycle';
export * from './campaigns';
