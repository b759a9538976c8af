import type { PageCopy } from "./default-copy-types";

/**
 * German default copy (formal "Sie"): shown when no site content is stored, and seeded into the
 * admin forms. Organisation contact details are placeholders until the real ones are entered.
 */
export const deCopy = {
  hero: {
    title: "Das kulturelle Erbe des Balkans bewahren",
    subtitle: "Kultur, Kunst und Traditionen des Balkans – gemeinsam lebendig halten",
    description:
      "Wir dokumentieren, schützen und vermitteln die Geschichten, das Handwerk, die Musik und die Orte, die den Balkan prägen, und öffnen sie mit Gemeinschaftsprojekten, Bildungsarbeit und Kunst für neue Generationen.",
  },
  footer: {
    description:
      "Eine gemeinnützige Organisation, die sich dafür einsetzt, Kultur, Kunst und kulturelles Erbe des Balkans für heutige und künftige Generationen zu bewahren und bekannt zu machen.",
    email: "info@example.org",
    phone: "+387 00 000 000",
  },
  about: {
    title: "Über uns",
    introText:
      "<p>Wir sind eine gemeinnützige Organisation, in der sich Forschende, Kunstschaffende, Lehrkräfte und Ehrenamtliche für das kulturelle Erbe des Balkans engagieren. Von den mittelalterlichen Stećci und osmanischen Brücken über Kelim-Muster und mündlich überlieferte Dichtung bis zur Sevdalinka birgt die Region ein lebendiges Erbe, das allen ihren Völkern gehört.</p><p>Unsere Arbeit verbindet Tradition und Gegenwart: Wir halten fest, was verloren zu gehen droht, unterstützen die Menschen, die Handwerk und Bräuche lebendig halten, und schaffen Räume, in denen sich Gemeinschaften über Grenzen hinweg begegnen, voneinander lernen und gemeinsam Neues schaffen.</p>",
    mainImage: "/images/about/heritage.webp",
    missionTitle: "Unsere Mission",
    missionStatement:
      "Wir bewahren, feiern und teilen das kulturelle Erbe des Balkans, damit die Vielfalt seiner Geschichten, Künste und Traditionen Menschen über Grenzen und Generationen hinweg inspiriert und verbindet.",
    valuesTitle: "Unsere Werte",
    values: [
      {
        title: "Respekt vor Vielfalt",
        text: "Der Balkan ist ein Ort der Begegnung vieler Sprachen, Religionen und Traditionen. Wir begegnen dem Erbe jeder Gemeinschaft mit derselben Sorgfalt und demselben Respekt.",
        color: "bg-sky-100",
      },
      {
        title: "Gemeinschaft zuerst",
        text: "Kulturerbe lebt in den Menschen. Wir arbeiten eng mit lokalen Gemeinschaften, Handwerkerinnen und Handwerkern sowie jungen Menschen zusammen und lassen sie unsere Projekte mitgestalten.",
        color: "bg-yellow-100",
      },
      {
        title: "Offenheit und Vertrauen",
        text: "Wir teilen unser Wissen frei, gehen transparent mit unseren Mitteln um und berichten ehrlich darüber, was unsere Projekte bewirken.",
        color: "bg-pink-100",
      },
    ],
  },
  contact: {
    title: "Kontakt",
    subtitle: "Wir freuen uns auf Ihre Nachricht",
    description:
      "Ob Sie eine Frage zu unserer Arbeit haben, sich ehrenamtlich engagieren, ein Projekt vorschlagen oder uns unterstützen möchten: Schreiben Sie uns. In der Regel antworten wir innerhalb weniger Werktage.",
    email: "info@example.org",
    phone: "+387 00 000 000",
    address: "[Name der Organisation]\n[Straße und Hausnummer]\n[PLZ und Ort]\n[Land]",
    formTitle: "Schreiben Sie uns",
  },
  impressum: {
    title: "Impressum",
    content:
      '<h2>Rechtliche Angaben</h2><p>Angaben gemäß den geltenden gesetzlichen Informationspflichten.</p><p><strong>[Name der Organisation]</strong></p><p>[Straße und Hausnummer]</p><p>[PLZ und Ort]</p><p>[Land]</p><h3>Registereintrag</h3><ul><li>Register: [Registergericht oder Registerbehörde]</li><li>Registernummer: [Registernummer]</li><li>Steuernummer: [Steuernummer]</li></ul><h2>Kontaktinformationen</h2><ul><li><strong>E-Mail:</strong> <a href="mailto:info@example.org">info@example.org</a></li><li><strong>Telefon:</strong> +387 00 000 000</li></ul><h2>Verantwortlich für den Inhalt</h2><p>[Name der verantwortlichen Person]</p><p>[Straße und Hausnummer], [PLZ und Ort]</p><h3>Haftung für Links</h3><p>Unsere Website enthält Links zu externen Websites, auf deren Inhalte wir keinen Einfluss haben. Für die Inhalte der verlinkten Seiten ist stets der jeweilige Anbieter oder Betreiber verantwortlich.</p>',
  },
  datenschutz: {
    title: "Datenschutz",
    content:
      '<h2>Datenschutz auf einen Blick</h2><p>Der Schutz Ihrer personenbezogenen Daten ist uns ein wichtiges Anliegen. Der Inhalt dieser Datenschutzerklärung wird über den Administrationsbereich gepflegt und hier vollständig veröffentlicht.</p><p>Bis dahin wenden Sie sich bei Fragen zur Verarbeitung Ihrer personenbezogenen Daten gerne jederzeit an uns.</p><h3>Kontakt</h3><ul><li><strong>E-Mail:</strong> <a href="mailto:info@example.org">info@example.org</a></li><li><strong>Telefon:</strong> +387 00 000 000</li></ul>',
  },
} satisfies PageCopy;
