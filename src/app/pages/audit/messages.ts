import type { PageMessages } from '../registry';

export const auditMessages: PageMessages = {
  en: {
    audit: {
      title: 'Audit log',
      objects: 'audit entries',
      columns: {
        at: 'Time',
        user: 'User',
        entity: 'Record type',
        entityId: 'Record',
        event: 'Event',
        changes: 'Changed fields',
        field: 'Field',
        before: 'Before',
        after: 'After',
      },
      filters: {
        entity: 'Record type',
        entityId: 'Record id',
        event: 'Event',
        user: 'User',
        any: 'All',
      },
      events: {
        created: 'Created',
        updated: 'Updated',
        deleted: 'Deleted',
        posted: 'Posted',
        reversed: 'Reversed',
      },
      no_changes: 'No field changes recorded',
      empty_value: '(empty)',
    },
  },
  fr: {
    audit: {
      title: "Journal d'audit",
      objects: "entrées d'audit",
      columns: {
        at: 'Heure',
        user: 'Utilisateur',
        entity: "Type d'enregistrement",
        entityId: 'Enregistrement',
        event: 'Événement',
        changes: 'Champs modifiés',
        field: 'Champ',
        before: 'Avant',
        after: 'Après',
      },
      filters: {
        entity: "Type d'enregistrement",
        entityId: "Numéro d'enregistrement",
        event: 'Événement',
        user: 'Utilisateur',
        any: 'Tous',
      },
      events: {
        created: 'Créé',
        updated: 'Modifié',
        deleted: 'Supprimé',
        posted: 'Comptabilisé',
        reversed: 'Contrepassé',
      },
      no_changes: 'Aucune modification de champ enregistrée',
      empty_value: '(vide)',
    },
  },
};
