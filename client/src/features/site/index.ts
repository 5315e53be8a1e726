export * from './SocialIcon';
export * from './newsletter/NewsletterForm';
export * from './newsletter/newsletter';
export * from './site';
