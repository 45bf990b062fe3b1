import { createRoute } from '@hono/zod-openapi';
import {
  ActivityTypeInputSchema,
  ActivityTypeListSchema,
  ActivityTypeParamsSchema,
  ActivityTypeSchema,
  AddActivityTypeTemplateSchema,
  ApiErrorSchema,
  BuiltInKindBonusInputSchema,
  BuiltInKindBonusListSchema,
  BuiltInKindKeyParamsSchema,
  BuiltInKindNamesInputSchema,
  BuiltInKindParamsSchema,
  RenamedKindListSchema,
  OkSchema,
} from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireAdmin, requireMember, tokenRoute } from '../session/session.middleware';
import {
  addActivityTypeTemplate,
  setBuiltInKindBonus,
  renameBuiltInKind,
  createActivityType,
  deleteActivityType,
  listActivityTypes,
  setActivityTypeArchivedState,
  updateActivityType,
} from './activity-types.service';

/* A company's own activity types (decision 100): every member lists them; admins change them. */
export const activityTypesRoutes = createRouter();

const json = <T>(schema: T) => ({ 'application/json': { schema } });
const tags = ['Activity types'];
const notFound = { 404: { description: 'No such activity type in your company', content: json(ApiErrorSchema) } };
const nameTaken = {
  409: {
    description: 'Another type has one of the names in the same language (code type_exists), or the company has 50 types (code conflict)',
    content: json(ApiErrorSchema),
  },
};

activityTypesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/activity-types',
    tags,
    summary: "Your company's own activity types: live ones in their order, then archived ones (any member)",
    ...tokenRoute('activities:read', [requireMember]),
    responses: { 200: { description: 'OK', content: json(ActivityTypeListSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await listActivityTypes(c.get('deps'), c.get('actor')), 200),
);

activityTypesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/activity-types',
    tags,
    summary: 'Create an activity type with its outcomes, fields and points (admin)',
    middleware: [requireMember, requireAdmin] as const,
    request: { body: { content: json(ActivityTypeInputSchema), required: true } },
    responses: { 201: { description: 'Created', content: json(ActivityTypeSchema) }, ...errorResponses, ...nameTaken },
  }),
  async (c) => c.json(await createActivityType(c.get('deps'), c.get('actor'), c.req.valid('json')), 201),
);

activityTypesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/activity-types/templates',
    tags,
    summary: "Add a template's types (SDR team, field sales, account management); those whose names the company has are left out (admin)",
    middleware: [requireMember, requireAdmin] as const,
    request: { body: { content: json(AddActivityTypeTemplateSchema), required: true } },
    responses: { 200: { description: 'The whole list after', content: json(ActivityTypeListSchema) }, ...errorResponses, ...nameTaken },
  }),
  async (c) => c.json(await addActivityTypeTemplate(c.get('deps'), c.get('actor'), c.req.valid('json')), 200),
);

activityTypesRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/activity-types/built-in/{key}/bonus',
    tags,
    summary:
      "Set a built-in kind's daily bonus (admin): the Nth meeting, sale, e-mail or LinkedIn touch of a member's day earns extra; null removes it. A call's is the daily_call_bonus_20 rule's (PATCH /kpi-rules/{id})",
    middleware: [requireMember, requireAdmin] as const,
    request: { params: BuiltInKindParamsSchema, body: { content: json(BuiltInKindBonusInputSchema), required: true } },
    responses: {
      200: { description: 'The built-in kinds’ bonuses after', content: json(BuiltInKindBonusListSchema) },
      ...errorResponses,
      ...notFound,
    },
  }),
  async (c) =>
    c.json({ builtIn: await setBuiltInKindBonus(c.get('deps'), c.get('actor'), c.req.valid('param').key, c.req.valid('json')) }, 200),
);

activityTypesRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/activity-types/built-in/{key}/names',
    tags,
    summary:
      "Rename a built-in kind (admin): its names in the company's languages, used wherever the app names the kind, past activities included; null gives it the app's words again",
    middleware: [requireMember, requireAdmin] as const,
    request: { params: BuiltInKindKeyParamsSchema, body: { content: json(BuiltInKindNamesInputSchema), required: true } },
    responses: {
      200: { description: 'The renamed kinds after', content: json(RenamedKindListSchema) },
      ...errorResponses,
      ...notFound,
      409: {
        description: 'Another type or kind has one of the names in the same language (code type_exists)',
        content: json(ApiErrorSchema),
      },
    },
  }),
  async (c) =>
    c.json({ renamedKinds: await renameBuiltInKind(c.get('deps'), c.get('actor'), c.req.valid('param').key, c.req.valid('json')) }, 200),
);

activityTypesRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/activity-types/{id}',
    tags,
    summary:
      'Replace a type’s definition (admin). Entries keep their ids; one left out is removed, or kept archived while the type has activities; a field in use keeps its kind',
    middleware: [requireMember, requireAdmin] as const,
    request: { params: ActivityTypeParamsSchema, body: { content: json(ActivityTypeInputSchema), required: true } },
    responses: { 200: { description: 'OK', content: json(ActivityTypeSchema) }, ...errorResponses, ...notFound, ...nameTaken },
  }),
  async (c) => c.json(await updateActivityType(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
);

for (const [verb, archived] of [
  ['archive', true],
  ['restore', false],
] as const) {
  activityTypesRoutes.openapi(
    createRoute({
      method: 'post',
      path: `/activity-types/{id}/${verb}`,
      tags,
      summary: archived
        ? 'Archive a type (admin): no longer offered to log; its activities and numbers stay'
        : 'Restore an archived type to the end of the list (admin)',
      middleware: [requireMember, requireAdmin] as const,
      request: { params: ActivityTypeParamsSchema },
      responses: { 200: { description: 'OK', content: json(ActivityTypeSchema) }, ...errorResponses, ...notFound },
    }),
    async (c) => c.json(await setActivityTypeArchivedState(c.get('deps'), c.get('actor'), c.req.valid('param').id, archived), 200),
  );
}

activityTypesRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/activity-types/{id}',
    tags,
    summary: 'Delete a type no activity has (admin); one in use answers 409 type_in_use: archive it instead',
    middleware: [requireMember, requireAdmin] as const,
    request: { params: ActivityTypeParamsSchema },
    responses: {
      200: { description: 'Deleted', content: json(OkSchema) },
      ...errorResponses,
      ...notFound,
      409: { description: 'The type has activities (code type_in_use)', content: json(ApiErrorSchema) },
    },
  }),
  async (c) => {
    await deleteActivityType(c.get('deps'), c.get('actor'), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  },
);
