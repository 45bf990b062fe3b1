import { createRoute } from '@hono/zod-openapi';
import {
  ContactReceiptSchema,
  ContactRequestIdParamsSchema,
  ContactRequestInputSchema,
  ContactRequestListQuerySchema,
  ContactRequestListSchema,
  ContactRequestSchema,
  OkSchema,
  UpdateContactRequestSchema,
} from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireAdmin, requireMember } from '../session/session.middleware';
import { listContactRequests, markContactRequest, removeContactRequest, submitContactRequest } from './contact.service';
import { findClientIp } from '../../lib/client-ip';

/*
 * The public contact form (/contact: "Book a demo", the Enterprise plan) and the admin Inbox that
 * reads what it stores.
 */
export const contactRoutes = createRouter();

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });

contactRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/contact',
    security: [], // public: no session needed
    tags: ['Contact'],
    summary: 'Send a contact request ("Book a demo", Enterprise). Public; 5 per client address per hour',
    request: { body: { ...json(ContactRequestInputSchema), required: true } },
    responses: {
      201: { description: 'Received', ...json(ContactReceiptSchema) },
      400: { description: 'Invalid input; details names each field' },
      429: { description: 'Too many requests from this address; try again later' },
    },
  }),
  async (c) => c.json(await submitContactRequest(c.get('deps'), c.req.valid('json'), findClientIp(c)), 201),
);

contactRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/admin/contact-requests',
    tags: ['Contact'],
    summary: 'Contact requests, newest first, at most 200 (admins of the company that runs this installation)',
    middleware: [requireMember, requireAdmin] as const,
    request: { query: ContactRequestListQuerySchema },
    responses: { 200: { description: 'OK', ...json(ContactRequestListSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await listContactRequests(c.get('deps'), c.get('actor'), c.req.valid('query')), 200),
);

contactRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/admin/contact-requests/{id}',
    tags: ['Contact'],
    summary: 'Mark a contact request handled, or open again (admin)',
    middleware: [requireMember, requireAdmin] as const,
    request: { params: ContactRequestIdParamsSchema, body: { ...json(UpdateContactRequestSchema), required: true } },
    responses: {
      200: { description: 'OK', ...json(ContactRequestSchema) },
      ...errorResponses,
      404: { description: 'No such request' },
    },
  }),
  async (c) => c.json(await markContactRequest(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('json').handled), 200),
);

contactRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/admin/contact-requests/{id}',
    tags: ['Contact'],
    summary: 'Delete a contact request for good (admin), e.g. when the sender asks to be forgotten',
    middleware: [requireMember, requireAdmin] as const,
    request: { params: ContactRequestIdParamsSchema },
    responses: {
      200: { description: 'Deleted', ...json(OkSchema) },
      ...errorResponses,
      404: { description: 'No such request' },
    },
  }),
  async (c) => {
    await removeContactRequest(c.get('deps'), c.get('actor'), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  },
);
