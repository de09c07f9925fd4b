export const portalSetupMessages = {
  en: {
    app: {
      pages: {
        portalSetup: {
          title: 'Customer portal',
          intro:
            'Your wholesale customers sign in to the portal to see their orders, shipments, invoices and statement, and to order the products you show here. Their orders arrive as sales orders.',
          enabled: 'Portal open to customers',
          sections_title: 'Sections customers see',
          sections_hint:
            'A section left unticked disappears from the portal and its records are refused there. The statement lists the invoices, so it shows only with them.',
          sections: {
            order: 'Place orders (the products below)',
            orders: 'Orders',
            shipments: 'Shipments',
            invoices: 'Invoices',
            statement: 'Statement',
          },
          products_title: 'Products customers can see and order',
          products_hint: 'At their unit price. Inactive products are never shown.',
          inactive: 'inactive',
          save: 'Save',
          saved: 'Portal settings saved',
          users_title: 'Portal users',
          no_users: 'No one has been invited yet.',
          customer: 'Customer',
          email: 'E-mail',
          status: 'Status',
          statuses: { Invited: 'Invited', Active: 'Active' },
          expires: 'Link expires',
          remove: 'Remove',
          remove_label: 'Remove portal access of %{email}',
          removed: 'Portal access removed',
          invite_title: 'Invite a customer’s person',
          invite: 'Send invitation',
          invited: 'Invitation sent to %{email}. They can use the portal once they accept it.',
          add_on_off:
            'The customer portal is not turned on for this company: nobody can use it and no invitation can be sent. Turn it on in Apps.',
          open_apps: 'Open Apps',
        },
      },
    },
  },
  fr: {
    app: {
      pages: {
        portalSetup: {
          title: 'Portail client',
          intro:
            'Vos clients grossistes se connectent au portail pour voir leurs commandes, expéditions, factures et relevé, et commander les produits que vous montrez ici. Leurs commandes arrivent comme commandes clients.',
          enabled: 'Portail ouvert aux clients',
          sections_title: 'Sections que les clients voient',
          sections_hint:
            'Une section non cochée disparaît du portail et ses documents y sont refusés. Le relevé énumère les factures : il n’apparaît qu’avec elles.',
          sections: {
            order: 'Passer des commandes (les produits ci-dessous)',
            orders: 'Commandes',
            shipments: 'Expéditions',
            invoices: 'Factures',
            statement: 'Relevé',
          },
          products_title: 'Produits que les clients voient et commandent',
          products_hint: 'À leur prix unitaire. Les produits inactifs ne sont jamais montrés.',
          inactive: 'inactif',
          save: 'Enregistrer',
          saved: 'Paramètres du portail enregistrés',
          users_title: 'Utilisateurs du portail',
          no_users: 'Personne n’a encore été invité.',
          customer: 'Client',
          email: 'Courriel',
          status: 'Statut',
          statuses: { Invited: 'Invité', Active: 'Actif' },
          expires: 'Le lien expire',
          remove: 'Retirer',
          remove_label: 'Retirer l’accès au portail de %{email}',
          removed: 'Accès au portail retiré',
          invite_title: 'Inviter une personne d’un client',
          invite: 'Envoyer l’invitation',
          invited: 'Invitation envoyée à %{email}. Elle pourra utiliser le portail après l’avoir acceptée.',
          add_on_off:
            'Le portail client n’est pas activé pour cette entreprise : personne ne peut l’utiliser et aucune invitation ne peut être envoyée. Activez-le dans Applications.',
          open_apps: 'Ouvrir Applications',
        },
      },
    },
  },
};
