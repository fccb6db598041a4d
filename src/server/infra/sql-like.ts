/** Escapes LIKE/ILIKE wildcards (and the escape character) so user text matches literally. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
