export * from './generate-requests';
export * from './generation.service';
