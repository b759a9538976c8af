import type { PageCopy } from "./default-copy-types";

/**
 * Bosnian default copy (Latin script): shown when no site content is stored, and seeded into the
 * admin forms. Organisation contact details are placeholders until the real ones are entered.
 */
export const bsCopy = {
  hero: {
    title: "Čuvamo baštinu Balkana",
    subtitle: "Kultura, umjetnost i tradicije Balkana – zajedno ih održavamo živim",
    description:
      "Bilježimo, štitimo i dijelimo priče, zanate, muziku i mjesta koja oblikuju Balkan, te ih kroz projekte u zajednici, obrazovanje i umjetnost približavamo novim generacijama.",
  },
  footer: {
    description:
      "Neprofitna organizacija posvećena očuvanju i promociji kulture, umjetnosti i baštine Balkana za sadašnje i buduće generacije.",
    email: "info@example.org",
    phone: "+387 00 000 000",
  },
  about: {
    title: "O nama",
    introText:
      "<p>Mi smo neprofitna organizacija koja okuplja istraživače, umjetnike, edukatore i volontere kojima je stalo do kulturne baštine Balkana. Od srednjovjekovnih stećaka i mostova iz osmanskog perioda do motiva na ćilimima, usmene poezije i sevdalinke, ovaj region čuva živu baštinu koja pripada svim njegovim narodima.</p><p>Naš rad povezuje tradiciju i sadašnjost: bilježimo ono što bi moglo nestati, podržavamo ljude koji čuvaju zanate i običaje te stvaramo prostore u kojima se zajednice iz cijelog regiona mogu susretati, učiti i zajedno stvarati.</p>",
    mainImage: "/images/about/heritage.webp",
    missionTitle: "Naša misija",
    missionStatement:
      "Čuvati, slaviti i dijeliti kulturnu baštinu Balkana, kako bi raznolikost njegovih priča, umjetnosti i tradicija i dalje nadahnjivala i povezivala ljude preko granica i generacija.",
    valuesTitle: "Naše vrijednosti",
    values: [
      {
        title: "Poštovanje različitosti",
        text: "Balkan je mjesto susreta mnogih jezika, vjera i tradicija. Baštini svake zajednice pristupamo s jednakom pažnjom i poštovanjem.",
        color: "bg-sky-100",
      },
      {
        title: "Zajednica na prvom mjestu",
        text: "Baština živi u ljudima. Radimo rame uz rame s lokalnim zajednicama, zanatlijama i mladima i dajemo im priliku da oblikuju naše projekte.",
        color: "bg-yellow-100",
      },
      {
        title: "Otvorenost i povjerenje",
        text: "Znanje dijelimo slobodno, sredstvima upravljamo transparentno i iskreno izvještavamo o tome šta naši projekti postižu.",
        color: "bg-pink-100",
      },
    ],
  },
  contact: {
    title: "Kontaktirajte nas",
    subtitle: "Radujemo se vašoj poruci",
    description:
      "Bilo da imate pitanje o našem radu ili želite volontirati, predložiti projekat ili nas podržati, pišite nam. Obično odgovaramo u roku od nekoliko radnih dana.",
    email: "info@example.org",
    phone: "+387 00 000 000",
    address: "[Naziv organizacije]\n[Ulica i broj]\n[Poštanski broj i grad]\n[Država]",
    formTitle: "Pošaljite nam poruku",
  },
  impressum: {
    title: "Impresum",
    content:
      '<h2>Pravne informacije</h2><p>Podaci u skladu s važećim zakonskim obavezama objavljivanja.</p><p><strong>[Naziv organizacije]</strong></p><p>[Ulica i broj]</p><p>[Poštanski broj i grad]</p><p>[Država]</p><h3>Upis u registar</h3><ul><li>Registar: [Registarski sud ili nadležni organ]</li><li>Registarski broj: [Registarski broj]</li><li>Poreski broj: [Poreski broj]</li></ul><h2>Kontakt informacije</h2><ul><li><strong>E-mail:</strong> <a href="mailto:info@example.org">info@example.org</a></li><li><strong>Telefon:</strong> +387 00 000 000</li></ul><h2>Odgovorno za sadržaj</h2><p>[Ime i prezime odgovorne osobe]</p><p>[Ulica i broj], [Poštanski broj i grad]</p><h3>Odgovornost za linkove</h3><p>Naša web stranica sadrži linkove na vanjske stranice na čiji sadržaj nemamo utjecaja. Za sadržaj povezanih stranica uvijek je odgovoran njihov pružalac usluga ili vlasnik.</p>',
  },
  datenschutz: {
    title: "Privatnost",
    content:
      '<h2>Zaštita podataka ukratko</h2><p>Zaštita vaših ličnih podataka nam je važna. Sadržajem ove politike privatnosti upravlja se putem administratorskog panela, a njen puni tekst bit će objavljen ovdje.</p><p>Do tada nam se slobodno obratite sa svim pitanjima o tome kako obrađujemo vaše lične podatke.</p><h3>Kontakt</h3><ul><li><strong>E-mail:</strong> <a href="mailto:info@example.org">info@example.org</a></li><li><strong>Telefon:</strong> +387 00 000 000</li></ul>',
  },
} satisfies PageCopy;
