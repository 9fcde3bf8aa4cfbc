/**
 * The domains a typo may be corrected to: the biggest consumer mailbox domains in the markets our users
 * work in (the locales we ship: en, de, fr, es, pt_BR, ja). A suggestion names one of these or nothing, so
 * a domain outside this list is never "corrected" into another small provider's name.
 *
 * Sources for "biggest": US, jwz's domain breakdown of two years of sign-ups (spamresource.com, 2023-09:
 * gmail, yahoo, hotmail, icloud, aol, comcast, sbcglobal, me.com); Germany, Publicare's studies of 12–13
 * million active addresses (publicare.de, 2013–2019: GMX, WEB.DE, T-Online, Microsoft, Yahoo, Freenet,
 * Gmail, Arcor) and Convios for GMX/WEB.DE (elaine.io, 2016); France, Sendinblue's study (strategies.fr:
 * Gmail, Outlook, Orange, then Free, SFR, La Poste) and Mon Tracim's sign-ups (algoo.fr: gmail, orange,
 * yahoo.fr, hotmail.fr, free, hotmail.com, laposte, wanadoo); Brazil, Estadão (2024: Gmail, Outlook/Hotmail,
 * Yahoo, BOL, UOL); Japan, comScore and goo Research (Yahoo! Mail, Hotmail) and the carriers' mail domains
 * in Thunderbird's ISPDB; Russian speakers, who write to all of these markets, Validity's country overview
 * (knowledge.validity.com: Mail.ru 48.7 %, Yandex 32.5 %) and comScore (2012: both among Europe's five
 * biggest webmail services). Every domain here is a mailbox domain in the catalog or the free-mail list, as
 * suggest-correction.test.ts checks.
 */
export const TYPO_TARGETS: readonly string[] = [
  // Everywhere
  ...['gmail.com', 'googlemail.com', 'yahoo.com', 'ymail.com', 'hotmail.com', 'outlook.com', 'live.com'],
  ...['msn.com', 'aol.com', 'icloud.com', 'me.com', 'protonmail.com', 'proton.me', 'mail.com'],
  // US, UK
  ...['comcast.net', 'att.net', 'sbcglobal.net', 'verizon.net', 'bellsouth.net', 'charter.net', 'cox.net'],
  ...['earthlink.net', 'rocketmail.com', 'hotmail.co.uk', 'yahoo.co.uk', 'live.co.uk', 'btinternet.com'],
  ...['sky.com', 'virginmedia.com'],
  // Germany, Austria, Switzerland
  ...[
    'gmx.de',
    'gmx.net',
    'gmx.at',
    'gmx.ch',
    'web.de',
    't-online.de',
    'freenet.de',
    'arcor.de',
    'posteo.de',
  ],
  ...['yahoo.de', 'hotmail.de', 'outlook.de', 'live.de', 'mail.de', 'bluewin.ch'],
  // France
  ...['orange.fr', 'wanadoo.fr', 'free.fr', 'sfr.fr', 'neuf.fr', 'laposte.net', 'hotmail.fr', 'yahoo.fr'],
  ...['live.fr', 'outlook.fr'],
  // Spain, Latin America
  ...['hotmail.es', 'yahoo.es', 'outlook.es', 'telefonica.net', 'hotmail.com.ar', 'yahoo.com.ar'],
  ...['yahoo.com.mx', 'live.com.mx'],
  // Brazil
  ...['yahoo.com.br', 'hotmail.com.br', 'outlook.com.br', 'bol.com.br', 'uol.com.br', 'terra.com.br'],
  'ig.com.br',
  // Japan
  ...['yahoo.co.jp', 'docomo.ne.jp', 'ezweb.ne.jp', 'au.com', 'softbank.ne.jp', 'i.softbank.jp'],
  ...['hotmail.co.jp', 'outlook.jp', 'nifty.com'],
  // Russian speakers
  ...['mail.ru', 'yandex.ru'],
];
