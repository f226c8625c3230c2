// Public module of this service: its definition (public functions are added with the feature).
import service from './service';

export default service;
