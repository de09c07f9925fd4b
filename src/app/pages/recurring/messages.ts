// Texts of the schedule's run history and Run now, English and French (registered when the
// panel's chunk loads, ./register.ts).
import type { PageMessages } from '../registry';

const en = {
  recurringRuns: {
    title: 'Run history',
    loading: 'Loading the runs…',
    unavailable: 'The runs could not be loaded.',
    none: 'No runs yet. The first document is created on the next run date.',
    run_date: 'Run date',
    status: 'Result',
    document: 'Document',
    error: 'Reason',
    created: 'Created',
    failed: 'Failed (tried %{smart_count} time) |||| Failed (tried %{smart_count} times)',
    run_now: 'Run now',
    running: 'Running…',
    ran: 'Created %{numbers}',
    nothing: 'Nothing was due',
  },
};

const fr: typeof en = {
  recurringRuns: {
    title: 'Historique des exécutions',
    loading: 'Chargement des exécutions…',
    unavailable: 'Les exécutions n’ont pas pu être chargées.',
    none: 'Aucune exécution pour l’instant. Le premier document sera créé à la prochaine date d’exécution.',
    run_date: 'Date d’exécution',
    status: 'Résultat',
    document: 'Document',
    error: 'Motif',
    created: 'Créé',
    failed: 'Échec (%{smart_count} essai) |||| Échec (%{smart_count} essais)',
    run_now: 'Exécuter maintenant',
    running: 'Exécution…',
    ran: 'Créé : %{numbers}',
    nothing: 'Rien n’était dû',
  },
};

export const recurringMessages: PageMessages = { en, fr };
