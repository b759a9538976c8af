import type { PageCopy } from "./default-copy-types";

/**
 * English default copy: shown when no site content is stored, and seeded into the admin forms.
 * Organisation contact details are placeholders until the real ones are entered in the admin area.
 */
export const enCopy = {
  hero: {
    title: "Preserving Balkan Heritage",
    subtitle: "The culture, arts and traditions of the Balkans, kept alive together",
    description:
      "We document, protect and share the stories, crafts, music and places that shape the Balkans, and we open them up to new generations through community projects, education and the arts.",
  },
  footer: {
    description:
      "A non-profit organisation dedicated to preserving and promoting the culture, arts and heritage of the Balkans for present and future generations.",
    email: "info@example.org",
    phone: "+387 00 000 000",
  },
  about: {
    title: "About Us",
    introText:
      "<p>We are a non-profit organisation that brings together researchers, artists, educators and volunteers who care about the cultural heritage of the Balkans. From medieval stećci and Ottoman-era bridges to kilim patterns, oral poetry and sevdalinka, the region holds a living heritage that belongs to all of its peoples.</p><p>Our work connects tradition with the present: we record what is at risk of being lost, support the people who keep crafts and customs alive, and create spaces where communities from across borders can meet, learn and create together.</p>",
    mainImage: "/images/about/heritage.webp",
    missionTitle: "Our Mission",
    missionStatement:
      "To preserve, celebrate and share the cultural heritage of the Balkans, so that the diversity of its stories, arts and traditions continues to inspire and connect people across borders and generations.",
    valuesTitle: "Our Values",
    values: [
      {
        title: "Respect for Diversity",
        text: "The Balkans are a meeting place of many languages, faiths and traditions. We treat the heritage of every community with the same care and respect.",
        color: "bg-sky-100",
      },
      {
        title: "Community First",
        text: "Heritage lives in people. We work hand in hand with local communities, craftspeople and young people, and we let them shape our projects.",
        color: "bg-yellow-100",
      },
      {
        title: "Openness and Trust",
        text: "We share knowledge freely, manage our resources transparently and report honestly on what our projects achieve.",
        color: "bg-pink-100",
      },
    ],
  },
  contact: {
    title: "Contact Us",
    subtitle: "We would love to hear from you",
    description:
      "Whether you have a question about our work or would like to volunteer, propose a project or support us, please write to us. We usually reply within a few working days.",
    email: "info@example.org",
    phone: "+387 00 000 000",
    address: "[Name of the organisation]\n[Street and number]\n[Postcode and city]\n[Country]",
    formTitle: "Send us a message",
  },
  impressum: {
    title: "Legal Notice",
    content:
      '<h2>Legal Information</h2><p>Information provided in accordance with the applicable legal disclosure requirements.</p><p><strong>[Name of the organisation]</strong></p><p>[Street and number]</p><p>[Postcode and city]</p><p>[Country]</p><h3>Register entry</h3><ul><li>Register: [Register court or registration authority]</li><li>Register number: [Register number]</li><li>Tax number: [Tax number]</li></ul><h2>Contact Information</h2><ul><li><strong>Email:</strong> <a href="mailto:info@example.org">info@example.org</a></li><li><strong>Phone:</strong> +387 00 000 000</li></ul><h2>Responsible for Content</h2><p>[Name of the responsible person]</p><p>[Street and number], [Postcode and city]</p><h3>Liability for links</h3><p>Our website contains links to external websites whose content we cannot control. The provider or operator of a linked page is always responsible for its content.</p>',
  },
  datenschutz: {
    title: "Privacy Policy",
    content:
      '<h2>Data Protection at a Glance</h2><p>Protecting your personal data matters to us. The content of this privacy policy is managed through the admin panel and will be published here in full.</p><p>Until then, please do not hesitate to contact us with any questions about how we process your personal data.</p><h3>Contact</h3><ul><li><strong>Email:</strong> <a href="mailto:info@example.org">info@example.org</a></li><li><strong>Phone:</strong> +387 00 000 000</li></ul>',
  },
} satisfies PageCopy;
