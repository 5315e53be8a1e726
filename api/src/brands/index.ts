export * from './brands.service';
