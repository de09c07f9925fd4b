// Text helpers shared by the server and the client.

/** lower case without accents, so 'Modele' finds 'Modèle', 'depot' finds 'Dépôt' and 'ALCOOL' finds 'alcool' */
export const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
