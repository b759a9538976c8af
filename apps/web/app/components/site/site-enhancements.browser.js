// The public pages' only JavaScript (decision 023). Every public page is complete in its
// server-rendered HTML and works without any script: links, the GET filter form, the POST
// contact form, <details> for the menu, the language list and the FAQ. This script, inlined at
// the end of <body> (so everything it looks for is already parsed), adds what needs a script:
// the navigation's style after 50 px of scroll, the menu's label and closing on a link click,
// the language list opening on hover, filtering projects in place, lazy images that fade in and
// fall back to a placeholder, and sending the contact form in place. Plain ES2017, no imports:
// it ships as text (about 2 KiB gzip) and must run in every browser the site supports.
(() => {
  const doc = document;
  const all = (selector, root) =>
    Array.prototype.slice.call((root || doc).querySelectorAll(selector));

  // Navigation: white with a shadow after the threshold (the styles follow data-scrolled).
  const header = doc.querySelector("header[data-scroll-threshold]");
  if (header) {
    const threshold = Number(header.getAttribute("data-scroll-threshold"));
    const update = () => {
      const scrolled = String(window.scrollY > threshold);
      if (header.getAttribute("data-scrolled") !== scrolled) {
        header.setAttribute("data-scrolled", scrolled);
      }
    };
    // Read after the first layout (a read of scrollY now would force one while parsing); a page
    // opened scrolled (an anchor, a restored position) is set by then.
    requestAnimationFrame(update);
    window.addEventListener("scroll", update, { passive: true });
  }

  // Mobile menu: the button's label follows the state; a link click closes it.
  for (const menu of all("details[data-menu]")) {
    const toggle = menu.querySelector("summary");
    menu.addEventListener("toggle", () => {
      toggle.setAttribute(
        "aria-label",
        toggle.getAttribute(menu.open ? "data-close-label" : "data-open-label"),
      );
    });
    menu.addEventListener("click", (event) => {
      if (event.target.closest("a")) menu.open = false;
    });
  }

  // Language list: opens on mouse hover, Escape closes, a click outside closes.
  const switchers = all("details[data-language-switcher]");
  for (const details of switchers) {
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
      if (!event.target.closest("summary") || !openedByHover || event.detail === 0) return;
      openedByHover = false;
      event.preventDefault();
      details.open = true;
    });
    details.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !details.open) return;
      event.preventDefault();
      details.open = false;
      details.querySelector("summary").focus();
    });
  }
  doc.addEventListener("click", (event) => {
    for (const details of switchers) {
      if (details.open && !details.contains(event.target)) details.open = false;
    }
  });

  // Project filter: the GET form's choice applied in place, the address kept in step. A page
  // the server filtered holds only some projects: there the form loads the page as without JS.
  const filter = doc.querySelector("form[data-project-filter]");
  const list = doc.querySelector("ul[data-project-list][data-complete]");
  if (filter && list) {
    const items = all(":scope > li", list);
    const empty = doc.querySelector("[data-empty-category]");
    const count = doc.querySelector("[data-category-count]");
    const countTexts = JSON.parse(count.getAttribute("data-count-texts"));
    const show = (selected) => {
      const shown = items.filter(
        (item) => selected === "all" || item.getAttribute("data-category") === selected,
      );
      for (const item of items) item.remove();
      for (const item of shown) list.appendChild(item);
      list.hidden = shown.length === 0;
      empty.hidden = shown.length > 0;
      count.textContent = countTexts[shown.length];
      for (const button of all("button[name]", filter)) {
        button.setAttribute("aria-pressed", String(button.value === selected));
      }
    };
    filter.addEventListener("submit", (event) => {
      const button = event.submitter;
      if (!button?.name) return;
      event.preventDefault();
      show(button.value);
      const query = `?${encodeURIComponent(button.name)}=${encodeURIComponent(button.value)}`;
      history.replaceState(history.state, "", `${location.pathname}${query}#projects`);
    });
  }

  // Images: requested once within the margin of the viewport, faded in once loaded, replaced
  // by the placeholder when they fail.
  const images = all("img[data-lazy-src]");
  const startImage = (image) => {
    image.addEventListener("load", () => {
      image.setAttribute("data-loaded", "");
      image.removeAttribute("aria-hidden");
    });
    image.addEventListener("error", () => {
      const placeholder = image.getAttribute("data-placeholder");
      if (image.getAttribute("src") === placeholder) return;
      image.removeAttribute("srcset");
      image.setAttribute("src", placeholder);
    });
    const srcset = image.getAttribute("data-lazy-srcset");
    if (srcset) image.setAttribute("srcset", srcset);
    image.setAttribute("src", image.getAttribute("data-lazy-src"));
  };
  if (images.length > 0) {
    if (typeof IntersectionObserver === "undefined") {
      images.forEach(startImage);
    } else {
      const observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            observer.unobserve(entry.target);
            startImage(entry.target);
          }
        },
        { rootMargin: images[0].getAttribute("data-lazy-margin") },
      );
      for (const image of images) observer.observe(image);
    }
  }

  // Contact form: sent in place. The server's answer page carries the form section as it should
  // now be (messages, kept text, the notice; an empty form after success), which replaces this
  // one; when no such page comes (no connection, a proxy's error), the text stays and the
  // section's own error or rate-limit notice is shown.
  const enhanceContactForm = (form) => {
    const section = form.closest("section");
    const button = form.querySelector("button[type=submit]");
    const label = button.querySelector("[data-label]");
    const idleText = label.textContent;
    const fail = (kind) => {
      button.disabled = false;
      label.textContent = idleText;
      const slot = section.querySelector("[data-contact-notices]");
      const template = section.querySelector(`template[data-contact-notice="${kind}"]`);
      slot.replaceChildren(template.content.cloneNode(true));
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
            if (!next) return fail(failure);
            section.replaceWith(next);
            enhanceContactForm(next.querySelector("form"));
            const invalid = next.querySelector("[aria-invalid='true']");
            if (invalid) invalid.focus();
          });
        },
        () => fail("error"),
      );
    });
  };
  const contactForm = doc.querySelector("section[data-contact-section] form");
  if (contactForm) enhanceContactForm(contactForm);

  doc.documentElement.setAttribute("data-enhanced", "");
})();
