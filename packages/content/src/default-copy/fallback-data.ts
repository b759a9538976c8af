/**
 * Built-in data the site shows when the database cannot be read (site spec, section 3:
 * "Built-in fallback projects", fallback categories, the five fallback FAQ entries, languages).
 * Field names are snake_case, as the rows are stored.
 */

export type FallbackCategory = {
  id: string;
  name: string;
  name_de: string;
  name_bs: string;
};

export type FallbackProject = {
  id: string;
  title: string;
  title_de: string;
  title_bs: string;
  /** A category id from `fallbackCategories`. */
  category: string;
  description: string;
  description_de: string;
  description_bs: string;
  details: string;
  details_de: string;
  details_bs: string;
  image: string;
  /** A Tailwind background class, e.g. "bg-sky-100". */
  bg_color: string;
  seo_title: string;
  seo_title_de: string;
  seo_title_bs: string;
  seo_description: string;
  seo_description_de: string;
  seo_description_bs: string;
  seo_keywords: string[];
  seo_og_image: string | null;
};

export type FallbackFaq = {
  id: string;
  question: string;
  answer: string;
  question_de: string;
  answer_de: string;
  question_bs: string;
  answer_bs: string;
};

export type FallbackLanguage = {
  id: string;
  flag_emoji: string;
  is_default: boolean;
  name: string;
};

/** The synthetic category the site places first in the project filter. */
export const allCategory: FallbackCategory = {
  id: "all",
  name: "All",
  name_de: "Alle",
  name_bs: "Sve",
};

export const fallbackCategories: FallbackCategory[] = [
  { id: "culture", name: "Culture", name_de: "Kultur", name_bs: "Kultura" },
  { id: "education", name: "Education", name_de: "Bildung", name_bs: "Obrazovanje" },
  { id: "environment", name: "Environment", name_de: "Umwelt", name_bs: "Okoliš" },
  { id: "community", name: "Community", name_de: "Gemeinschaft", name_bs: "Zajednica" },
];

// The projects' pictures are WebP (1200 x 768) of the drawings in apps/web/public/images/projects:
// an SVG in an <img> is drawn through a document of its own built on the page's main thread, a
// raster picture decodes off it (decision 035). The SVG files stay for sites seeded before.
export const fallbackProjects: FallbackProject[] = [
  {
    id: "balkan-stories",
    title: "Balkan Stories",
    title_de: "Geschichten vom Balkan",
    title_bs: "Balkanske priče",
    category: "culture",
    description:
      "Collecting and sharing the oral histories, legends and folk tales of the Balkans.",
    description_de:
      "Wir sammeln und teilen mündlich überlieferte Lebensgeschichten, Legenden und Volksmärchen des Balkans.",
    description_bs: "Prikupljamo i dijelimo usmena sjećanja, legende i narodne priče Balkana.",
    details:
      "Together with volunteers in towns and villages across the region, we record conversations with older people about their lives, their customs and the stories they grew up with. The recordings are transcribed, translated and archived, and selected stories are published as illustrated booklets and podcast episodes. In this way, voices that were rarely written down become part of a shared cultural memory.",
    details_de:
      "Gemeinsam mit Ehrenamtlichen in Städten und Dörfern der ganzen Region führen wir Gespräche mit älteren Menschen über ihr Leben, ihre Bräuche und die Geschichten, mit denen sie aufgewachsen sind. Die Aufnahmen werden transkribiert, übersetzt und archiviert; ausgewählte Geschichten erscheinen als illustrierte Hefte und Podcast-Folgen. So werden Stimmen, die selten aufgeschrieben wurden, Teil eines gemeinsamen kulturellen Gedächtnisses.",
    details_bs:
      "Zajedno s volonterima u gradovima i selima širom regiona snimamo razgovore sa starijim ljudima o njihovim životima, običajima i pričama uz koje su odrasli. Snimci se transkribuju, prevode i arhiviraju, a odabrane priče objavljujemo kao ilustrovane knjižice i epizode podcasta. Tako glasovi koji su rijetko bili zapisani postaju dio zajedničkog kulturnog pamćenja.",
    image: "/images/projects/balkan-stories.webp",
    bg_color: "bg-sky-100",
    seo_title: "Balkan Stories: Oral Histories and Folk Tales",
    seo_title_de: "Geschichten vom Balkan: Erinnerungen und Volksmärchen",
    seo_title_bs: "Balkanske priče: usmena sjećanja i narodne priče",
    seo_description:
      "We record, translate and publish the oral histories, legends and folk tales of the Balkans so that they are not lost to future generations.",
    seo_description_de:
      "Wir zeichnen Erinnerungen, Legenden und Volksmärchen des Balkans auf, übersetzen und veröffentlichen sie, damit sie nicht verloren gehen.",
    seo_description_bs:
      "Snimamo, prevodimo i objavljujemo usmena sjećanja, legende i narodne priče Balkana kako ne bi bile zaboravljene.",
    seo_keywords: [
      "oral history",
      "Balkan folk tales",
      "legends",
      "storytelling",
      "cultural memory",
    ],
    seo_og_image: null,
  },
  {
    id: "eco-balkans",
    title: "Eco Balkans",
    title_de: "Öko-Balkan",
    title_bs: "Eko Balkan",
    category: "environment",
    description:
      "Protecting the natural landscapes that shaped Balkan culture, from mountain pastures to river valleys.",
    description_de:
      "Wir schützen die Naturlandschaften, die die Kultur des Balkans geprägt haben – von Bergweiden bis zu Flusstälern.",
    description_bs:
      "Štitimo prirodne predjele koji su oblikovali kulturu Balkana, od planinskih pašnjaka do riječnih dolina.",
    details:
      "Traditional ways of life in the Balkans have always been closely tied to the land. This project brings together local communities, schools and environmental groups to clean up rivers, restore old footpaths and document traditional knowledge about plants, herding and farming. Workshops show how this knowledge can support sustainable tourism and a greener future for rural areas.",
    details_de:
      "Traditionelle Lebensweisen auf dem Balkan waren schon immer eng mit dem Land verbunden. Dieses Projekt bringt lokale Gemeinschaften, Schulen und Umweltgruppen zusammen, um Flüsse zu säubern, alte Wege wiederherzustellen und überliefertes Wissen über Pflanzen, Weidewirtschaft und Landwirtschaft zu dokumentieren. In Workshops zeigen wir, wie dieses Wissen einen nachhaltigen Tourismus und eine grünere Zukunft für ländliche Regionen unterstützen kann.",
    details_bs:
      "Tradicionalni načini života na Balkanu oduvijek su bili usko povezani sa zemljom. Ovaj projekat okuplja lokalne zajednice, škole i ekološke grupe kako bi zajedno čistili rijeke, obnavljali stare staze i bilježili tradicionalna znanja o biljkama, stočarstvu i poljoprivredi. Kroz radionice pokazujemo kako to znanje može doprinijeti održivom turizmu i zelenijoj budućnosti ruralnih područja.",
    image: "/images/projects/eco-balkans.webp",
    bg_color: "bg-cyan-100",
    seo_title: "Eco Balkans: Protecting Landscapes and Traditions",
    seo_title_de: "Öko-Balkan: Landschaften und Traditionen schützen",
    seo_title_bs: "Eko Balkan: zaštita prirode i tradicije",
    seo_description:
      "River clean-ups, restored footpaths and traditional knowledge about the land: community work for the natural heritage of the Balkans.",
    seo_description_de:
      "Flussreinigungen, wiederhergestellte Wege und überliefertes Wissen: gemeinsames Engagement für das Naturerbe des Balkans.",
    seo_description_bs:
      "Čišćenje rijeka, obnova starih staza i tradicionalna znanja o zemlji: rad zajednice za prirodnu baštinu Balkana.",
    seo_keywords: [
      "Balkan nature",
      "environment",
      "sustainable tourism",
      "rivers",
      "rural heritage",
    ],
    seo_og_image: null,
  },
  {
    id: "balkan-beats",
    title: "Balkan Beats",
    title_de: "Klänge des Balkans",
    title_bs: "Balkanski ritmovi",
    category: "culture",
    description:
      "Keeping the traditional music of the Balkans alive, from sevdalinka to the sound of the šargija.",
    description_de:
      "Wir halten die traditionelle Musik des Balkans lebendig – von der Sevdalinka bis zum Klang der Šargija.",
    description_bs: "Čuvamo tradicionalnu muziku Balkana, od sevdalinke do zvuka šargije.",
    details:
      "Balkan Beats connects experienced folk musicians with young people who want to learn traditional instruments and songs. Through masterclasses, recording sessions and open-air concerts, we preserve regional playing styles and bring them to new audiences. We also archive rare recordings together with the stories behind the songs.",
    details_de:
      "„Klänge des Balkans“ bringt erfahrene Volksmusikerinnen und Volksmusiker mit jungen Menschen zusammen, die traditionelle Instrumente und Lieder lernen möchten. Mit Meisterkursen, Aufnahmesessions und Open-Air-Konzerten bewahren wir regionale Spielweisen und bringen sie einem neuen Publikum näher. Außerdem archivieren wir seltene Aufnahmen zusammen mit den Geschichten hinter den Liedern.",
    details_bs:
      "Projekat Balkanski ritmovi povezuje iskusne narodne muzičare s mladima koji žele naučiti tradicionalne instrumente i pjesme. Kroz majstorske radionice, snimanja i koncerte na otvorenom čuvamo regionalne stilove sviranja i približavamo ih novoj publici. Također arhiviramo rijetke snimke zajedno s pričama koje stoje iza pjesama.",
    image: "/images/projects/balkan-beats.webp",
    bg_color: "bg-purple-500/20",
    seo_title: "Balkan Beats: Traditional Music of the Balkans",
    seo_title_de: "Klänge des Balkans: traditionelle Musik",
    seo_title_bs: "Balkanski ritmovi: tradicionalna muzika Balkana",
    seo_description:
      "Masterclasses, recordings and concerts that pass the traditional music of the Balkans, from sevdalinka to the šargija, on to a new generation.",
    seo_description_de:
      "Meisterkurse, Aufnahmen und Konzerte, die die traditionelle Musik des Balkans von der Sevdalinka bis zur Šargija weitergeben.",
    seo_description_bs:
      "Majstorske radionice, snimanja i koncerti koji tradicionalnu muziku Balkana, od sevdalinke do šargije, prenose novim generacijama.",
    seo_keywords: [
      "Balkan music",
      "sevdalinka",
      "šargija",
      "folk music",
      "traditional instruments",
    ],
    seo_og_image: null,
  },
  {
    id: "digital-literacy",
    title: "Digital Literacy for Heritage",
    title_de: "Digitale Kompetenz für das Kulturerbe",
    title_bs: "Digitalna pismenost za baštinu",
    category: "education",
    description:
      "Teaching young people and cultural workers how to digitise, describe and share heritage online.",
    description_de:
      "Wir zeigen jungen Menschen und Kulturschaffenden, wie sie Kulturerbe digitalisieren, beschreiben und online zugänglich machen.",
    description_bs:
      "Učimo mlade i kulturne radnike kako da digitalizuju, opišu i podijele baštinu na internetu.",
    details:
      "Many local museums, libraries and family archives hold treasures that few people outside their community have ever seen. In hands-on courses, participants learn to photograph and scan documents and objects, to describe them well and to publish them responsibly online. The course also covers media literacy, copyright and the safe use of digital tools.",
    details_de:
      "Viele lokale Museen, Bibliotheken und Familienarchive bewahren Schätze, die außerhalb ihrer Gemeinschaft kaum jemand kennt. In praxisnahen Kursen lernen die Teilnehmenden, Dokumente und Objekte zu fotografieren und zu scannen, sie gut zu beschreiben und verantwortungsvoll online zu veröffentlichen. Auch Medienkompetenz, Urheberrecht und der sichere Umgang mit digitalen Werkzeugen gehören dazu.",
    details_bs:
      "Mnogi lokalni muzeji, biblioteke i porodični arhivi čuvaju blaga koja je malo ko izvan zajednice ikada vidio. Na praktičnim kursevima učesnici uče kako da fotografišu i skeniraju dokumente i predmete, kvalitetno ih opišu i odgovorno objave na internetu. Kurs obuhvata i medijsku pismenost, autorska prava i sigurno korištenje digitalnih alata.",
    image: "/images/projects/digital-literacy.webp",
    bg_color: "bg-yellow-100",
    seo_title: "Digital Literacy for Heritage: Courses and Workshops",
    seo_title_de: "Digitale Kompetenz für das Kulturerbe: Kurse",
    seo_title_bs: "Digitalna pismenost za baštinu: kursevi i radionice",
    seo_description:
      "Hands-on courses in digitising, describing and publishing cultural heritage, with media literacy and copyright basics for young people and cultural workers.",
    seo_description_de:
      "Praxiskurse zum Digitalisieren, Beschreiben und Veröffentlichen von Kulturerbe, mit Grundlagen zu Medienkompetenz und Urheberrecht.",
    seo_description_bs:
      "Praktični kursevi digitalizacije, opisivanja i objavljivanja kulturne baštine, uz osnove medijske pismenosti i autorskih prava.",
    seo_keywords: [
      "digital literacy",
      "digitisation",
      "cultural heritage",
      "media literacy",
      "education",
    ],
    seo_og_image: null,
  },
  {
    id: "heritage-preservation",
    title: "Heritage Preservation",
    title_de: "Erhalt des Kulturerbes",
    title_bs: "Očuvanje baštine",
    category: "culture",
    description:
      "Documenting and caring for historic sites, from stećak necropolises to old stone bridges.",
    description_de:
      "Wir dokumentieren und pflegen historische Stätten – von Stećak-Nekropolen bis zu alten Steinbrücken.",
    description_bs:
      "Dokumentujemo historijske lokalitete i brinemo o njima, od nekropola stećaka do starih kamenih mostova.",
    details:
      "Working with conservation experts and local volunteers, we survey endangered monuments, record their condition and carry out careful maintenance such as clearing vegetation and putting up information boards. Every site is documented with photographs, measurements and the stories that local people tell about it. We share the results with the heritage authorities and make them freely available to the public.",
    details_de:
      "Gemeinsam mit Fachleuten der Denkmalpflege und Ehrenamtlichen vor Ort erfassen wir gefährdete Denkmäler, dokumentieren ihren Zustand und übernehmen behutsame Pflegearbeiten, etwa das Entfernen von Bewuchs oder das Aufstellen von Informationstafeln. Jede Stätte wird mit Fotos, Vermessungen und den Geschichten dokumentiert, die die Menschen vor Ort über sie erzählen. Die Ergebnisse teilen wir mit den zuständigen Denkmalbehörden und stellen sie der Öffentlichkeit frei zur Verfügung.",
    details_bs:
      "U saradnji sa stručnjacima za zaštitu spomenika i lokalnim volonterima obilazimo ugrožene spomenike, bilježimo njihovo stanje i provodimo pažljivo održavanje, poput uklanjanja rastinja i postavljanja informativnih tabli. Svaki lokalitet dokumentujemo fotografijama, mjerenjima i pričama koje o njemu pričaju mještani. Rezultate dijelimo s nadležnim institucijama za zaštitu naslijeđa i činimo ih slobodno dostupnim javnosti.",
    image: "/images/projects/heritage-preservation.webp",
    bg_color: "bg-pink-100",
    seo_title: "Heritage Preservation: Stećci, Bridges and Historic Sites",
    seo_title_de: "Erhalt des Kulturerbes: Stećci, Brücken, Stätten",
    seo_title_bs: "Očuvanje baštine: stećci, mostovi i lokaliteti",
    seo_description:
      "We survey, document and care for endangered monuments of the Balkans, from medieval stećak necropolises to old stone bridges.",
    seo_description_de:
      "Wir erfassen, dokumentieren und pflegen gefährdete Denkmäler des Balkans, von mittelalterlichen Stećak-Nekropolen bis zu Steinbrücken.",
    seo_description_bs:
      "Obilazimo, dokumentujemo i održavamo ugrožene spomenike Balkana, od srednjovjekovnih nekropola stećaka do starih kamenih mostova.",
    seo_keywords: ["stećci", "monuments", "stone bridges", "conservation", "historic sites"],
    seo_og_image: null,
  },
  {
    id: "balkan-youth",
    title: "Balkan Youth Exchange",
    title_de: "Jugendaustausch Balkan",
    title_bs: "Razmjena mladih Balkana",
    category: "community",
    description:
      "Bringing young people from across the region together to discover their shared heritage.",
    description_de:
      "Wir bringen junge Menschen aus der ganzen Region zusammen, damit sie ihr gemeinsames Erbe entdecken.",
    description_bs:
      "Okupljamo mlade iz cijelog regiona kako bi zajedno otkrivali svoju zajedničku baštinu.",
    details:
      "Every summer, young people from different Balkan countries spend a week together in a historic town, working on small heritage projects, learning traditional crafts and exploring the places around them. Along the way they make friends across borders and languages. Many participants go on to start their own initiatives back home.",
    details_de:
      "Jeden Sommer verbringen junge Menschen aus verschiedenen Balkanländern eine Woche gemeinsam in einer historischen Stadt: Sie arbeiten an kleinen Kulturerbe-Projekten, erlernen traditionelles Handwerk und erkunden die Umgebung. Dabei entstehen Freundschaften über Grenzen und Sprachen hinweg. Viele Teilnehmende starten anschließend eigene Initiativen in ihren Heimatorten.",
    details_bs:
      "Svakog ljeta mladi iz različitih balkanskih zemalja provode sedmicu dana zajedno u nekom historijskom gradu, radeći na malim projektima zaštite baštine, učeći tradicionalne zanate i istražujući mjesta oko sebe. Pritom sklapaju prijateljstva preko granica i jezika. Mnogi učesnici nakon toga pokreću vlastite inicijative u svojim sredinama.",
    image: "/images/projects/balkan-youth.webp",
    bg_color: "bg-[#ff7f50]/20",
    seo_title: "Balkan Youth Exchange: Discovering Shared Heritage",
    seo_title_de: "Jugendaustausch Balkan: gemeinsames Erbe entdecken",
    seo_title_bs: "Razmjena mladih Balkana: zajednička baština",
    seo_description:
      "A summer exchange where young people from across the Balkans work on heritage projects, learn traditional crafts and make friends across borders.",
    seo_description_de:
      "Ein Sommeraustausch, bei dem junge Menschen vom Balkan an Kulturerbe-Projekten arbeiten, Handwerk lernen und Freundschaften schließen.",
    seo_description_bs:
      "Ljetna razmjena u kojoj mladi s Balkana rade na projektima baštine, uče tradicionalne zanate i sklapaju prijateljstva preko granica.",
    seo_keywords: ["youth exchange", "Balkans", "young people", "traditional crafts", "community"],
    seo_og_image: null,
  },
];

export const fallbackFaqs: FallbackFaq[] = [
  {
    id: "faq-mission",
    question: "What is your organisation's mission?",
    answer:
      "We preserve and promote the culture, arts and heritage of the Balkans. Through research, education, community projects and the arts, we help keep traditions alive and share them with people in the region and beyond.",
    question_de: "Was ist die Mission Ihrer Organisation?",
    answer_de:
      "Wir bewahren und fördern Kultur, Kunst und kulturelles Erbe des Balkans. Mit Forschung, Bildungsarbeit, Gemeinschaftsprojekten und Kunst tragen wir dazu bei, Traditionen lebendig zu halten und sie mit Menschen in der Region und darüber hinaus zu teilen.",
    question_bs: "Koja je misija vaše organizacije?",
    answer_bs:
      "Čuvamo i promovišemo kulturu, umjetnost i baštinu Balkana. Kroz istraživanja, obrazovanje, projekte u zajednici i umjetnost pomažemo da tradicije ostanu žive i dijelimo ih s ljudima u regionu i šire.",
  },
  {
    id: "faq-getting-involved",
    question: "How can I get involved?",
    answer:
      "There are many ways to take part: volunteer on one of our projects, contribute your skills as a researcher, artist or teacher, come to our events or support our work with a donation. Write to us through the contact form and tell us what interests you, and together we will find the right way for you to contribute.",
    question_de: "Wie kann ich mich engagieren?",
    answer_de:
      "Es gibt viele Möglichkeiten, mitzumachen: Sie können bei einem unserer Projekte ehrenamtlich mitarbeiten, Ihr Wissen aus Forschung, Kunst oder Lehre einbringen, unsere Veranstaltungen besuchen oder unsere Arbeit mit einer Spende unterstützen. Schreiben Sie uns über das Kontaktformular, was Sie interessiert – gemeinsam finden wir den passenden Weg.",
    question_bs: "Kako se mogu uključiti?",
    answer_bs:
      "Postoji mnogo načina: možete volontirati na nekom od naših projekata, podijeliti svoje znanje kao istraživač, umjetnik ili nastavnik, dolaziti na naše događaje ili podržati naš rad donacijom. Pišite nam putem kontakt forme i recite nam šta vas zanima, a mi ćemo zajedno s vama pronaći pravi način da se uključite.",
  },
  {
    id: "faq-regions",
    question: "Which regions do you cover?",
    answer:
      "Our projects cover the whole Balkan region, from the Adriatic coast to the Black Sea and from the Alps to the Aegean. We also work with diaspora communities in Germany, Austria and other countries who keep Balkan traditions alive far from home.",
    question_de: "In welchen Regionen sind Sie tätig?",
    answer_de:
      "Unsere Projekte umfassen die gesamte Balkanregion – von der Adriaküste bis zum Schwarzen Meer und von den Alpen bis zur Ägäis. Außerdem arbeiten wir mit Diaspora-Gemeinschaften in Deutschland, Österreich und anderen Ländern zusammen, die die Traditionen des Balkans fern der Heimat lebendig halten.",
    question_bs: "Koje regije obuhvata vaš rad?",
    answer_bs:
      "Naši projekti obuhvataju cijeli Balkan, od jadranske obale do Crnog mora i od Alpa do Egejskog mora. Sarađujemo i sa zajednicama dijaspore u Njemačkoj, Austriji i drugim zemljama koje i daleko od domovine čuvaju balkanske tradicije.",
  },
  {
    id: "faq-funding",
    question: "How is your work funded?",
    answer:
      "As a non-profit organisation, we rely on membership fees, private donations, grants from foundations and public cultural programmes, and partnerships with cultural institutions. Every contribution goes directly into our projects, and we report openly on how the funds are used.",
    question_de: "Wie wird Ihre Arbeit finanziert?",
    answer_de:
      "Als gemeinnützige Organisation finanzieren wir uns über Mitgliedsbeiträge, private Spenden, Fördermittel von Stiftungen und öffentlichen Kulturprogrammen sowie Partnerschaften mit Kultureinrichtungen. Jeder Beitrag fließt direkt in unsere Projekte, und wir legen offen, wie die Mittel verwendet werden.",
    question_bs: "Kako se finansira vaš rad?",
    answer_bs:
      "Kao neprofitna organizacija oslanjamo se na članarine, privatne donacije, grantove fondacija i javnih programa za kulturu te na partnerstva s kulturnim institucijama. Svaki doprinos ide direktno u naše projekte, a o korištenju sredstava otvoreno izvještavamo.",
  },
  {
    id: "faq-propose-project",
    question: "Can I propose a project?",
    answer:
      "Yes, new ideas are always welcome. Send us a short description of your project through the contact form: what you would like to do, where and with whom, and what support you need. Our team reviews every proposal and will get back to you to discuss the next steps.",
    question_de: "Kann ich ein Projekt vorschlagen?",
    answer_de:
      "Ja, neue Ideen sind uns jederzeit willkommen. Senden Sie uns über das Kontaktformular eine kurze Beschreibung Ihres Projekts: was Sie vorhaben, wo und mit wem, und welche Unterstützung Sie benötigen. Unser Team prüft jeden Vorschlag und meldet sich bei Ihnen, um die nächsten Schritte zu besprechen.",
    question_bs: "Mogu li predložiti projekat?",
    answer_bs:
      "Da, nove ideje su uvijek dobrodošle. Pošaljite nam kratak opis svog projekta putem kontakt forme: šta želite uraditi, gdje i s kim te kakva vam je podrška potrebna. Naš tim razmatra svaki prijedlog i javit će vam se kako bismo razgovarali o sljedećim koracima.",
  },
];

export const fallbackLanguages: FallbackLanguage[] = [
  { id: "en", flag_emoji: "🇬🇧", is_default: true, name: "English" },
  { id: "de", flag_emoji: "🇩🇪", is_default: false, name: "Deutsch" },
  { id: "bs", flag_emoji: "🇧🇦", is_default: false, name: "Bosanski" },
];
