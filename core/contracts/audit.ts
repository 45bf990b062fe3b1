import { z } from 'zod';

/**
 * What the audit log records: every admin action that changes who may do what, what counts, or
 * what leaves the company. A dotted verb per action; the console words each in the reader's language.
 */
export const AUDIT_ACTIONS = [
  'member.role_changed',
  'member.removed',
  'member.data_exported',
  'member.erased',
  'kpi_rule.changed',
  'invitation.created',
  'invitation.revoked',
  'display_link.created',
  'display_link.revoked',
  'company.updated',
  'signup_policy.changed',
  'export.downloaded',
] as const;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;
