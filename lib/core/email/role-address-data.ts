/**
 * What `isRoleAddress` adds to and takes from the maintained list (npm `role-based-email-addresses`, MIT,
 * https://github.com/mixmaxhq/role-based-email-addresses). Written with separators as people write them;
 * `role-address.ts` compares them without separators, so `service-client` also covers `serviceclient`.
 *
 * The additions are the names companies give their shared mailboxes in the languages our users write in
 * (the locales we ship, plus Italian and Dutch), by department, as the maintained list does for English.
 * The words are ordinary department names (no copyrighted list is copied); the Japanese ones are romanised
 * as Japanese companies write them, each seen as a mailbox in public code (toiawase@, otoiawase@,
 * uketsuke@, saiyo@, eigyo@, soumu@, jinji@, koho@, kaihatsu@; exact-string search of a code index).
 */
export const ADDED_ROLES: Readonly<Record<string, readonly string[]>> = {
  de: [
    'abrechnung',
    'anfrage',
    'anfragen',
    'auftrag',
    'bestellungen',
    'bewerbung',
    'bewerbungen',
    'buero',
    'datenschutz',
    'einkauf',
    'empfang',
    'geschaeftsfuehrung',
    'geschaeftsleitung',
    'hallo',
    'karriere',
    'kundenbetreuung',
    'kundendienst',
    'kundenservice',
    'lager',
    'personal',
    'personalabteilung',
    'rechnung',
    'rechnungen',
    'redaktion',
    'termine',
    'versand',
    'vertrieb',
    'verwaltung',
  ],
  fr: [
    'accueil',
    'achats',
    'candidature',
    'candidatures',
    'commande',
    'commandes',
    'communication',
    'emploi',
    'facturation',
    'juridique',
    'ne-pas-repondre',
    'partenariats',
    'relation-client',
    'sav',
    'secretariat',
    'service-client',
    'ventes',
  ],
  es: [
    'atencion',
    'atencion-al-cliente',
    'calidad',
    'cobranza',
    'cobranzas',
    'empleo',
    'juridico',
    'no-responder',
    'pedidos',
    'prensa',
    'presupuestos',
    'seleccion',
  ],
  pt_BR: [
    'agendamento',
    'cobranca',
    'curriculo',
    'curriculos',
    'imprensa',
    'nao-responda',
    'nao-responder',
    'orcamento',
    'orcamentos',
    'ouvidoria',
    'parcerias',
    'recepcao',
    'relacionamento',
    'trabalhe-conosco',
    'vagas',
  ],
  it: [
    'acquisti',
    'assistenza-clienti',
    'contatti',
    'fatturazione',
    'lavora-con-noi',
    'personale',
    'prenotazioni',
    'preventivi',
    'risorse-umane',
    'segreteria',
    'servizio-clienti',
    'ufficio',
    'ufficio-stampa',
    'vendite',
  ],
  nl: [
    'bestellingen',
    'boekhouding',
    'debiteuren',
    'directie',
    'facturen',
    'inkoop',
    'kantoor',
    'klantenservice',
    'personeelszaken',
    'receptie',
    'sollicitaties',
    'vacatures',
    'verkoop',
  ],
  ja: [
    'eigyo',
    'eigyou',
    'jimu',
    'jimukyoku',
    'jinji',
    'kaihatsu',
    'koho',
    'kouhou',
    'madoguchi',
    'otoiawase',
    'saiyo',
    'saiyou',
    'somu',
    'soumu',
    'toiawase',
    'uketsuke',
  ],
};

/**
 * Entries of the maintained list that are not shared inboxes here, each with its reason. The names were
 * found by testing the list against test/fixtures/first-names.txt (role-address.test.ts keeps that at zero).
 */
export const NOT_ROLES: Readonly<Record<string, string>> = Object.fromEntries([
  ...given(
    'alexa alla alle alpha angels apple arin berlin boston captain chicago china cloud crew daemon denver dev ' +
      'france gardner general india job master montreal paris pastor per prime sem seo success sydney time ' +
      'brand care co-op fax hi mayor reg web',
  ).map((entry) => [entry, 'a given name in our languages (test/fixtures/first-names.txt)']),
  ...given('ca cm gm la lt md mt no ny pd pm se sf ta uk us ap').map((entry) => [
    entry,
    "two letters that are as often a person's initials as a department",
  ]),
  ...given('aaa abc asd asdasd asdf').map((entry) => [
    entry,
    'typed to test a form, not a mailbox anyone reads',
  ]),
]);

function given(entries: string): string[] {
  return entries.split(' ');
}
