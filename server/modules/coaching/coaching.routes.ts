import { createRoute } from '@hono/zod-openapi';
import {
  AddWrapupCommentSchema,
  ApiErrorSchema,
  CoachingMemberParamsSchema,
  CoachingNoteParamsSchema,
  CoachingNotesSchema,
  CoachingUnreadSchema,
  CoachingWrapupListQuerySchema,
  CoachingWrapupListSchema,
  CoachingWrapupSchema,
  CreateCoachingNoteSchema,
  MyWrapupThreadsSchema,
  OkSchema,
  UpdateCoachingNoteSchema,
  WrapupIdParamsSchema,
} from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireMember } from '../session/session.middleware';
import {
  addWrapupComment,
  countMyUnreadWrapups,
  createCoachingNote,
  deleteCoachingNote,
  getCoachingNotes,
  getCoachingWrapup,
  listCoachingWrapups,
  listMyWrapupThreads,
  markWrapupRead,
  updateCoachingNote,
} from './coaching.service';

/*
 * Coaching on wrap-ups (decision 045): team leads and admins read their people's wrap-ups and
 * keep private 1:1 notes; a wrap-up's author and their coaches talk on it. Session only.
 */
export const coachingRoutes = createRouter();

const json = <T>(schema: T) => ({ 'application/json': { schema } });
const tags = ['Coaching'];
const refused = { 403: { description: 'The caller leads no team and is not an admin', content: json(ApiErrorSchema) } };
const wrapupNotFound = {
  404: { description: "No such wrap-up among the caller's own and their people's", content: json(ApiErrorSchema) },
};
const memberNotFound = { 404: { description: "No such member among the caller's people", content: json(ApiErrorSchema) } };

coachingRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/coaching/wrapups',
    tags,
    summary:
      "Your people's wrap-ups of a day or of one person, unread first, with the log's numbers beside the typed ones (team leads, admins)",
    middleware: [requireMember] as const,
    request: { query: CoachingWrapupListQuerySchema },
    responses: { 200: { description: 'OK', content: json(CoachingWrapupListSchema) }, ...errorResponses, ...refused, ...memberNotFound },
  }),
  async (c) => c.json(await listCoachingWrapups(c.get('deps'), c.get('actor'), c.req.valid('query')), 200),
);

coachingRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/coaching/wrapups/{id}',
    tags,
    summary: 'One wrap-up beside the log, with its conversation (its author, or a lead or admin of theirs)',
    middleware: [requireMember] as const,
    request: { params: WrapupIdParamsSchema },
    responses: { 200: { description: 'OK', content: json(CoachingWrapupSchema) }, ...errorResponses, ...wrapupNotFound },
  }),
  async (c) => c.json(await getCoachingWrapup(c.get('deps'), c.get('actor'), c.req.valid('param').id), 200),
);

coachingRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/coaching/wrapups/{id}/read',
    tags,
    summary: 'Mark a wrap-up read by you (opening it)',
    middleware: [requireMember] as const,
    request: { params: WrapupIdParamsSchema },
    responses: { 200: { description: 'Marked', content: json(OkSchema) }, ...errorResponses, ...wrapupNotFound },
  }),
  async (c) => {
    await markWrapupRead(c.get('deps'), c.get('actor'), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  },
);

coachingRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/coaching/wrapups/{id}/comments',
    tags,
    summary: 'Comment on a wrap-up: its author answers, a lead or admin of theirs writes (nobody else sees it)',
    middleware: [requireMember] as const,
    request: { params: WrapupIdParamsSchema, body: { content: json(AddWrapupCommentSchema), required: true } },
    responses: {
      201: { description: 'Added; the wrap-up as now', content: json(CoachingWrapupSchema) },
      ...errorResponses,
      ...wrapupNotFound,
    },
  }),
  async (c) => c.json(await addWrapupComment(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 201),
);

coachingRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/coaching/unread',
    tags,
    summary: "How many of your people's wrap-ups of the last 60 days you have not read (team leads, admins)",
    middleware: [requireMember] as const,
    responses: { 200: { description: 'OK', content: json(CoachingUnreadSchema) }, ...errorResponses, ...refused },
  }),
  async (c) => c.json(await countMyUnreadWrapups(c.get('deps'), c.get('actor')), 200),
);

coachingRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/coaching/my-threads',
    tags,
    summary: 'Your own wrap-ups that have comments, latest conversation first',
    middleware: [requireMember] as const,
    responses: { 200: { description: 'OK', content: json(MyWrapupThreadsSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await listMyWrapupThreads(c.get('deps'), c.get('actor')), 200),
);

coachingRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/coaching/members/{memberId}/notes',
    tags,
    summary: 'The private 1:1 notes and follow-up agenda of one of your people (team leads, admins; never the person)',
    middleware: [requireMember] as const,
    request: { params: CoachingMemberParamsSchema },
    responses: { 200: { description: 'OK', content: json(CoachingNotesSchema) }, ...errorResponses, ...refused, ...memberNotFound },
  }),
  async (c) => c.json(await getCoachingNotes(c.get('deps'), c.get('actor'), c.req.valid('param').memberId), 200),
);

coachingRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/coaching/members/{memberId}/notes',
    tags,
    summary: 'Add a private 1:1 note or a follow-up about one of your people',
    middleware: [requireMember] as const,
    request: { params: CoachingMemberParamsSchema, body: { content: json(CreateCoachingNoteSchema), required: true } },
    responses: {
      201: { description: 'Added; the notes as now', content: json(CoachingNotesSchema) },
      ...errorResponses,
      ...refused,
      ...memberNotFound,
    },
  }),
  async (c) => c.json(await createCoachingNote(c.get('deps'), c.get('actor'), c.req.valid('param').memberId, c.req.valid('json')), 201),
);

const noteNotFound = { 404: { description: "No such note about the caller's people", content: json(ApiErrorSchema) } };

coachingRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/coaching/notes/{id}',
    tags,
    summary: 'Check a follow-up off, or open it again (409 not_a_follow_up for a note)',
    middleware: [requireMember] as const,
    request: { params: CoachingNoteParamsSchema, body: { content: json(UpdateCoachingNoteSchema), required: true } },
    responses: {
      200: { description: 'The notes as now', content: json(CoachingNotesSchema) },
      ...errorResponses,
      ...refused,
      ...noteNotFound,
    },
  }),
  async (c) => c.json(await updateCoachingNote(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
);

coachingRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/coaching/notes/{id}',
    tags,
    summary: 'Delete a 1:1 note or follow-up',
    middleware: [requireMember] as const,
    request: { params: CoachingNoteParamsSchema },
    responses: {
      200: { description: 'The notes as now', content: json(CoachingNotesSchema) },
      ...errorResponses,
      ...refused,
      ...noteNotFound,
    },
  }),
  async (c) => c.json(await deleteCoachingNote(c.get('deps'), c.get('actor'), c.req.valid('param').id), 200),
);
