/** The first refusal for each place in a form, keyed as the server keys its details ("fields.0.options", "formula.of"). */
export function collectIssueErrors(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return errors;
}
