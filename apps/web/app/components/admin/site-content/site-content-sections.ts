/**
 * @module
 * What each tab of /admin/site-content edits (site spec, section 2): its section id, tab label,
 * the name its save notice uses, and its fields in order. HTML fields get a live preview.
 */
import type { SiteContentSection } from "@heritage/content";

export type ContentFieldKind = "text" | "textarea" | "html" | "email" | "url";

export interface ContentField {
  name: string;
  label: string;
  kind: ContentFieldKind;
  rows?: number;
}

export interface ContentSectionForm {
  id: SiteContentSection;
  tabLabel: string;
  /** "{Name} content saved" (spec section 8). */
  noticeName: string;
  fields: ContentField[];
}

const legalFields: ContentField[] = [
  { name: "title", label: "Title", kind: "text" },
  { name: "content", label: "Content (HTML)", kind: "html", rows: 12 },
];

export const contentSectionForms: readonly ContentSectionForm[] = [
  {
    id: "hero",
    tabLabel: "Hero Section",
    noticeName: "Hero",
    fields: [
      { name: "title", label: "Title", kind: "text" },
      { name: "subtitle", label: "Subtitle", kind: "text" },
      { name: "description", label: "Description", kind: "textarea", rows: 4 },
    ],
  },
  {
    id: "footer",
    tabLabel: "Footer",
    noticeName: "Footer",
    fields: [
      { name: "description", label: "Description", kind: "textarea", rows: 3 },
      { name: "email", label: "Email", kind: "email" },
      { name: "phone", label: "Phone", kind: "text" },
    ],
  },
  {
    id: "about",
    tabLabel: "About Page",
    noticeName: "About",
    fields: [
      { name: "title", label: "Title", kind: "text" },
      { name: "introText", label: "Intro Text (HTML)", kind: "html", rows: 6 },
      { name: "mainImage", label: "Main Image URL", kind: "url" },
      { name: "missionTitle", label: "Mission Title", kind: "text" },
      { name: "missionStatement", label: "Mission Statement", kind: "textarea", rows: 3 },
      { name: "valuesTitle", label: "Values Title", kind: "text" },
    ],
  },
  {
    id: "contact",
    tabLabel: "Contact Page",
    noticeName: "Contact",
    fields: [
      { name: "title", label: "Title", kind: "text" },
      { name: "subtitle", label: "Subtitle", kind: "text" },
      { name: "description", label: "Description", kind: "textarea", rows: 3 },
      { name: "email", label: "Email", kind: "email" },
      { name: "phone", label: "Phone", kind: "text" },
      { name: "address", label: "Address", kind: "textarea", rows: 3 },
      { name: "formTitle", label: "Form Title", kind: "text" },
    ],
  },
  { id: "impressum", tabLabel: "Impressum", noticeName: "Impressum", fields: legalFields },
  { id: "datenschutz", tabLabel: "Datenschutz", noticeName: "Datenschutz", fields: legalFields },
];
