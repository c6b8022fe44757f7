/** A key as people call it: its name, or what is left to say once it is gone. */
export const actorName = (actor: { name: string | null } | undefined | null): string => actor?.name ?? 'a removed key';
