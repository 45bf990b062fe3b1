/**
 * A name inside a sentence: "Largest contract value", "3 meetings booked in a day", not "3 Meetings
 * booked"; an acronym such as MRR or KPI stays as it is.
 */
export const lowerInSentence = (name: string) => (/^\p{Lu}\p{Ll}/u.test(name) ? name[0]!.toLocaleLowerCase() + name.slice(1) : name);
