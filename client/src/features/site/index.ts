/** The site feature's entry in client: what other parts of client use (see "A feature's entries" in CONTRIBUTING). */
export * from './SocialIcon';
export * from './newsletter/NewsletterForm';
export * from './newsletter/newsletter';
export * from './site';
