/**
 * @module
 * The public pages' only JavaScript (decision 023). Every public page is complete in its
 * server-rendered HTML and works without any script: links, the GET filter form, the POST
 * contact form, <details> for the menu, the language list and the FAQ. This script, inlined at
 * the end of <body> (so everything it looks for is already parsed), adds what needs a script:
 * the navigation's style after 50 px of scroll, the menu and the language list closing on a link
 * click, Escape or focus leaving them, the language list opening on hover, filtering projects in
 * place, lazy images that fade in and
 * fall back to a placeholder, sending the contact form in place, and the loading views shown
 * while the browser loads the next public page after a click.
 *
 * Compiled at build time to a minified ES2017 IIFE (vite/inline-script.ts): no module, no
 * runtime imports, and it must run in every browser the site supports.
 */
import { prefixedLanguages } from "../../lib/language";
import { staticPagePaths } from "../../lib/paths";

const doc = document;
const all = <T extends Element>(selector: string, root: ParentNode = doc): T[] =>
  Array.prototype.slice.call(root.querySelectorAll<T>(selector));
const targetElement = (event: Event): Element | null =>
  event.target instanceof Element ? event.target : null;

// Navigation: white with a shadow after the threshold (the styles follow data-scrolled). An
// invisible marker as tall as the threshold sits at the top of the page; once it has scrolled
// out of view, the page is past the threshold. The browser tells (IntersectionObserver) after
// its own layout: no read of the scroll position forces one, on load or on every scroll event.
const header = doc.querySelector("header[data-scroll-threshold]");
if (header) {
  const threshold = Number(header.getAttribute("data-scroll-threshold"));
  const marker = doc.createElement("div");
  marker.setAttribute("aria-hidden", "true");
  marker.style.cssText = `position:absolute;top:0;left:0;width:1px;height:${threshold}px;pointer-events:none;visibility:hidden`;
  doc.body.prepend(marker);
  new IntersectionObserver((entries) => {
    const scrolled = String(!entries[entries.length - 1]?.isIntersecting);
    if (header.getAttribute("data-scrolled") !== scrolled) {
      header.setAttribute("data-scrolled", scrolled);
    }
  }).observe(marker);
}

/**
 * A disclosure (the mobile menu, a language list) closes on Escape, focus going back to its
 * button, and when keyboard focus moves out of it (issue 33, item 7).
 */
function closesLikeAMenu(details: HTMLDetailsElement): void {
  details.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !details.open) return;
    event.preventDefault();
    details.open = false;
    details.querySelector("summary")?.focus();
  });
  details.addEventListener("focusout", (event) => {
    const next = event.relatedTarget instanceof Node ? event.relatedTarget : null;
    // Focus going nowhere (a click on the page's background) is the click handler's to judge.
    if (next && details.open && !details.contains(next)) details.open = false;
  });
}

// Mobile menu: a link click closes it (its label follows the state by CSS).
for (const menu of all<HTMLDetailsElement>("details[data-menu]")) {
  closesLikeAMenu(menu);
  menu.addEventListener("click", (event) => {
    if (targetElement(event)?.closest("a")) menu.open = false;
  });
}

// Language list: opens on mouse hover, Escape closes, a click outside closes.
const switchers = all<HTMLDetailsElement>("details[data-language-switcher]");
for (const details of switchers) {
  closesLikeAMenu(details);
  let openedByHover = false;
  details.addEventListener("pointerenter", (event) => {
    if (event.pointerType !== "mouse") return;
    openedByHover = true;
    details.open = true;
  });
  details.addEventListener("pointerleave", (event) => {
    if (event.pointerType !== "mouse") return;
    openedByHover = false;
    details.open = false;
  });
  // A mouse that hovered the list open and then clicks the button means "open"; the click
  // Enter or Space makes (detail 0) toggles as usual.
  details.addEventListener("click", (event) => {
    if (!targetElement(event)?.closest("summary") || !openedByHover || event.detail === 0) return;
    openedByHover = false;
    event.preventDefault();
    details.open = true;
  });
}
doc.addEventListener("click", (event) => {
  const target = event.target instanceof Node ? event.target : null;
  for (const details of switchers) {
    if (details.open && !details.contains(target)) details.open = false;
  }
});

// Project filter: the GET form's choice applied in place, the address kept in step. A page
// the server filtered holds only some projects: there the form loads the page as without JS.
const filter = doc.querySelector<HTMLFormElement>("form[data-project-filter]");
const list = doc.querySelector<HTMLUListElement>("ul[data-project-list][data-complete]");
const empty = doc.querySelector<HTMLElement>("[data-empty-category]");
const count = doc.querySelector<HTMLElement>("[data-category-count]");
if (filter && list && empty && count) {
  const items = all<HTMLLIElement>(":scope > li", list);
  const countTexts: string[] = JSON.parse(count.getAttribute("data-count-texts") ?? "[]");
  const show = (selected: string) => {
    const shown = items.filter(
      (item) => selected === "all" || item.getAttribute("data-category") === selected,
    );
    for (const item of items) item.remove();
    for (const item of shown) list.appendChild(item);
    list.hidden = shown.length === 0;
    empty.hidden = shown.length > 0;
    count.textContent = countTexts[shown.length] ?? "";
    for (const button of all<HTMLButtonElement>("button[name]", filter)) {
      button.setAttribute("aria-pressed", String(button.value === selected));
    }
  };
  filter.addEventListener("submit", (event) => {
    const button = event.submitter;
    if (!(button instanceof HTMLButtonElement) || !button.name) return;
    event.preventDefault();
    show(button.value);
    const query = `?${encodeURIComponent(button.name)}=${encodeURIComponent(button.value)}`;
    history.replaceState(history.state, "", `${location.pathname}${query}#projects`);
  });
}

// Images: requested once within the margin of the viewport, faded in once loaded, replaced
// by the placeholder when they fail.
const images = all<HTMLImageElement>("img[data-lazy-src]");
const startImage = (image: HTMLImageElement) => {
  image.addEventListener("load", () => {
    image.setAttribute("data-loaded", "");
    image.removeAttribute("aria-hidden");
  });
  image.addEventListener("error", () => {
    const placeholder = image.getAttribute("data-placeholder");
    if (!placeholder || image.getAttribute("src") === placeholder) return;
    image.removeAttribute("srcset");
    image.setAttribute("src", placeholder);
  });
  const srcset = image.getAttribute("data-lazy-srcset");
  if (srcset) image.setAttribute("srcset", srcset);
  image.setAttribute("src", image.getAttribute("data-lazy-src") ?? "");
};
if (images.length > 0) {
  if (typeof IntersectionObserver === "undefined") {
    images.forEach(startImage);
  } else {
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting || !(entry.target instanceof HTMLImageElement)) continue;
          observer.unobserve(entry.target);
          startImage(entry.target);
        }
      },
      { rootMargin: images[0]?.getAttribute("data-lazy-margin") ?? "0px" },
    );
    for (const image of images) observer.observe(image);
  }
}

// Contact form: sent in place. The server's answer page carries the form section as it should
// now be (messages, kept text, the notice; an empty form after success), which replaces this
// one; when no such page comes (no connection, a proxy's error), the text stays and the
// section's own error or rate-limit notice is shown.
const enhanceContactForm = (form: HTMLFormElement) => {
  const section = form.closest("section");
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  const label = button?.querySelector("[data-label]");
  if (!section || !button || !label) return;
  const idleText = label.textContent;
  const fail = (kind: "error" | "rate-limited") => {
    button.disabled = false;
    label.textContent = idleText;
    const slot = section.querySelector("[data-contact-notices]");
    const template = section.querySelector<HTMLTemplateElement>(
      `template[data-contact-notice="${kind}"]`,
    );
    if (slot && template) slot.replaceChildren(template.content.cloneNode(true));
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (button.disabled) return;
    button.disabled = true;
    label.textContent = button.getAttribute("data-sending-label");
    fetch(form.action, {
      method: "POST",
      body: new FormData(form),
      headers: { Accept: "text/html" },
      credentials: "same-origin",
    }).then(
      (response) => {
        const failure = response.status === 429 ? "rate-limited" : "error";
        if (!(response.headers.get("Content-Type") || "").startsWith("text/html")) {
          return fail(failure);
        }
        return response.text().then((html) => {
          const next = new DOMParser()
            .parseFromString(html, "text/html")
            .querySelector("section[data-contact-section]");
          const nextForm = next?.querySelector("form");
          if (!next || !nextForm) return fail(failure);
          section.replaceWith(next);
          enhanceContactForm(nextForm);
          next.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
        });
      },
      () => fail("error"),
    );
  });
};
const contactForm = doc.querySelector<HTMLFormElement>("section[data-contact-section] form");
if (contactForm) enhanceContactForm(contactForm);

// Loading views (site spec: the home hero's skeleton and "Loading...", "Loading content...",
// "Loading project..."). A click on a link to another public page loads its document; while it
// loads, the pending view of that kind of page, rendered by the server in a <template>, takes
// the main content's place. Shown after a short delay, so fast loads do not flash. A page
// restored from the back/forward cache gets its content back.
const PENDING_VIEW_DELAY_MS = 250;
const main = doc.getElementById("main-content");
const pendingKind = (url: URL): string | null => {
  const prefix = prefixedLanguages.find(
    (language) => url.pathname === `/${language}` || url.pathname.startsWith(`/${language}/`),
  );
  const path = (prefix ? url.pathname.slice(prefix.length + 1) : url.pathname) || "/";
  if (path === "/") return "home";
  if (/^\/project\/[^/]+$/.test(path)) return "project";
  return (staticPagePaths as readonly string[]).includes(path) ? "content" : null;
};
if (main) {
  let saved: ChildNode[] | null = null;
  let timer = 0;
  const restore = () => {
    clearTimeout(timer);
    if (!saved) return;
    main.replaceChildren(...saved);
    main.style.minHeight = "";
    saved = null;
  };
  doc.addEventListener("click", (event) => {
    const link = targetElement(event)?.closest<HTMLAnchorElement>("a[href]");
    if (
      !link ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      link.hasAttribute("download") ||
      (link.target && link.target !== "_self")
    ) {
      return;
    }
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || url.pathname === location.pathname) return;
    const template = doc.querySelector<HTMLTemplateElement>(
      `template[data-pending-view="${pendingKind(url)}"]`,
    );
    if (!template) return;
    clearTimeout(timer);
    timer = window.setTimeout(() => {
      // The main area keeps its height, so the scroll position (which the browser keeps for
      // "back") does not move; the view sticks to the top of the screen inside it.
      main.style.minHeight = `${main.offsetHeight}px`;
      saved = saved ?? Array.prototype.slice.call(main.childNodes);
      main.replaceChildren(template.content.cloneNode(true));
    }, PENDING_VIEW_DELAY_MS);
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) restore();
  });
}

doc.documentElement.setAttribute("data-enhanced", "");
