export * from './public-api.service';
export * from './v1.routes';
