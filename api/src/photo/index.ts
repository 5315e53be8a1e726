export * from './photo-upload';
export * from './photo.service';
