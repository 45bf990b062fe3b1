export { api, type ApiFile, type ApiPath, type ApiQuery, fetchApiFile, readAttachmentName, UI_LANGUAGE_HEADER } from './client';
export { apiUrl } from './url';
export { ApiRequestError, describeApiError, findErrorReason, showFieldRefusals } from './errors';
