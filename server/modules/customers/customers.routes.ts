import { createRoute } from '@hono/zod-openapi';
import {
  ApiErrorSchema,
  CreateCustomerSchema,
  CustomerListQuerySchema,
  CustomerListSchema,
  CustomerSchema,
  CustomerSuggestionsSchema,
  CustomerSuggestQuerySchema,
  CustomerIdParamsSchema,
  CustomerMergeResultSchema,
  MergeCustomerSchema,
  UpdateCustomerSchema,
} from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireAdmin, requireMember } from '../session/session.middleware';
import { changeCustomer, createCustomer, listCustomers, mergeCustomer, suggestCustomers } from './customers.service';

export const customersRoutes = createRouter();

const json = <T>(schema: T) => ({ 'application/json': { schema } });

customersRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/customers/suggest',
    tags: ['Customers'],
    summary: 'Autocomplete: up to 5 customers whose name contains q (from 2 characters, case-insensitive)',
    middleware: [requireMember] as const,
    request: { query: CustomerSuggestQuerySchema },
    responses: { 200: { description: 'OK', content: json(CustomerSuggestionsSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await suggestCustomers(c.get('deps'), c.get('actor'), c.req.valid('query').q), 200),
);

customersRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/customers',
    tags: ['Customers'],
    summary:
      "The company's customers, newest first, optionally matching a search on name, domain or segment; those in use unless `status` says archived or all",
    middleware: [requireMember] as const,
    request: { query: CustomerListQuerySchema },
    responses: { 200: { description: 'OK', content: json(CustomerListSchema) }, ...errorResponses },
  }),
  async (c) => {
    const { search, limit, status } = c.req.valid('query');
    return c.json(await listCustomers(c.get('deps'), c.get('actor'), search, limit, status), 200);
  },
);

customersRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/customers',
    tags: ['Customers'],
    summary: 'Create a customer (any member)',
    middleware: [requireMember] as const,
    request: { body: { content: json(CreateCustomerSchema), required: true } },
    responses: {
      201: { description: 'Created', content: json(CustomerSchema) },
      ...errorResponses,
      409: { description: 'A customer of that name exists', content: json(ApiErrorSchema) },
    },
  }),
  async (c) => c.json(await createCustomer(c.get('deps'), c.get('actor'), c.req.valid('json')), 201),
);

const notFoundResponse = { 404: { description: "Not one of the company's customers", content: json(ApiErrorSchema) } };

customersRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/customers/{id}',
    tags: ['Customers'],
    summary: 'Rename, archive or restore a customer (admins). Archived customers leave the autocomplete and keep their history',
    middleware: [requireMember, requireAdmin] as const,
    request: { params: CustomerIdParamsSchema, body: { content: json(UpdateCustomerSchema), required: true } },
    responses: {
      200: { description: 'Changed', content: json(CustomerSchema) },
      ...errorResponses,
      ...notFoundResponse,
      409: { description: 'Another customer has that name', content: json(ApiErrorSchema) },
    },
  }),
  async (c) => c.json(await changeCustomer(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
);

// The activities naming the merged customer move with it (decisions 041 and 097).
customersRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/customers/{id}/merge',
    tags: ['Customers'],
    summary: 'Merge this customer into another (admins): its activities move to the one kept, and it is removed',
    middleware: [requireMember, requireAdmin] as const,
    request: { params: CustomerIdParamsSchema, body: { content: json(MergeCustomerSchema), required: true } },
    responses: {
      200: { description: 'Merged', content: json(CustomerMergeResultSchema) },
      ...errorResponses,
      404: { description: "Not one of the company's customers", content: json(ApiErrorSchema) },
    },
  }),
  async (c) => c.json(await mergeCustomer(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('json').into), 200),
);
