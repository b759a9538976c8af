/**
 * @module
 * What each tab of /admin/site-content edits (site spec, section 2): its section id, tab label,
 * the name its save notice uses, and its fields in order (labels as keys of the admin's
 * catalogue). HTML fields get a live preview.
 */
import type { SiteContentSection } from "@heritage/content";
import type { AdminKey } from "../../../i18n/admin/en";

export type ContentFieldKind = "text" | "textarea" | "html" | "email" | "url";

export interface ContentField {
  name: string;
  label: AdminKey;
  kind: ContentFieldKind;
  rows?: number;
}

export interface ContentSectionForm {
  id: SiteContentSection;
  tabLabel: AdminKey;
  /** "{Name} content saved" (spec section 8). */
  noticeName: AdminKey;
  fields: ContentField[];
}

const legalFields: ContentField[] = [
  { name: "title", label: "siteContent.field.title", kind: "text" },
  { name: "content", label: "siteContent.field.content", kind: "html", rows: 12 },
];

export const contentSectionForms: readonly ContentSectionForm[] = [
  {
    id: "hero",
    tabLabel: "siteContent.tab.hero",
    noticeName: "siteContent.notice.hero",
    fields: [
      { name: "title", label: "siteContent.field.title", kind: "text" },
      { name: "subtitle", label: "siteContent.field.subtitle", kind: "text" },
      { name: "description", label: "siteContent.field.description", kind: "textarea", rows: 4 },
    ],
  },
  {
    id: "footer",
    tabLabel: "siteContent.tab.footer",
    noticeName: "siteContent.notice.footer",
    fields: [
      { name: "description", label: "siteContent.field.description", kind: "textarea", rows: 3 },
      { name: "email", label: "siteContent.field.email", kind: "email" },
      { name: "phone", label: "siteContent.field.phone", kind: "text" },
    ],
  },
  {
    id: "about",
    tabLabel: "siteContent.tab.about",
    noticeName: "siteContent.notice.about",
    fields: [
      { name: "title", label: "siteContent.field.title", kind: "text" },
      { name: "introText", label: "siteContent.field.introText", kind: "html", rows: 6 },
      { name: "mainImage", label: "siteContent.field.mainImage", kind: "url" },
      { name: "missionTitle", label: "siteContent.field.missionTitle", kind: "text" },
      {
        name: "missionStatement",
        label: "siteContent.field.missionStatement",
        kind: "textarea",
        rows: 3,
      },
      { name: "valuesTitle", label: "siteContent.field.valuesTitle", kind: "text" },
    ],
  },
  {
    id: "contact",
    tabLabel: "siteContent.tab.contact",
    noticeName: "siteContent.notice.contact",
    fields: [
      { name: "title", label: "siteContent.field.title", kind: "text" },
      { name: "subtitle", label: "siteContent.field.subtitle", kind: "text" },
      { name: "description", label: "siteContent.field.description", kind: "textarea", rows: 3 },
      { name: "email", label: "siteContent.field.email", kind: "email" },
      { name: "phone", label: "siteContent.field.phone", kind: "text" },
      { name: "address", label: "siteContent.field.address", kind: "textarea", rows: 3 },
      { name: "formTitle", label: "siteContent.field.formTitle", kind: "text" },
    ],
  },
  {
    id: "impressum",
    tabLabel: "siteContent.tab.impressum",
    noticeName: "siteContent.notice.impressum",
    fields: legalFields,
  },
  {
    id: "datenschutz",
    tabLabel: "siteContent.tab.datenschutz",
    noticeName: "siteContent.notice.datenschutz",
    fields: legalFields,
  },
];
