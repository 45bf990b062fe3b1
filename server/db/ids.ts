/*
 * The two ids every tenant scope is made of, as distinct types: a company's id (companies.id, a
 * uuid) and a person's (better-auth's user.id). Both are strings at run time; the brand only keeps
 * one from being passed where the other is meant (a scope built as { companyId: user.id } does not
 * compile). The schema gives every column that holds one of them its type (`.$type<...>()`), so
 * ids read from the database arrive branded.
 */
declare const brand: unique symbol;

export type CompanyId = string & { readonly [brand]: 'CompanyId' };
export type UserId = string & { readonly [brand]: 'UserId' };

/**
 * For an id the server has established without reading it from a branded column: a session's
 * user, a route parameter validated by its contract, a value a seed or test was given. No check
 * happens here: the database and the contracts did it.
 */
export const toCompanyId = (id: string): CompanyId => id as CompanyId;
export const toUserId = (id: string): UserId => id as UserId;
