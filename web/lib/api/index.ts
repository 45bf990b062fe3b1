export { api, type ApiFile, type ApiPath, type ApiQuery, apiUrl, fetchApiFile, UI_LANGUAGE_HEADER } from './client';
export { ApiRequestError, describeApiError, findErrorReason } from './errors';
