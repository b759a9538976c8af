/** Simple brand marks for the footer's social links (lucide has no brand icons). */
import type { SocialLink } from "../../lib/site-types";

const iconPaths: Record<SocialLink["network"], string> = {
  Facebook: "M14 8h3V4h-3c-2.8 0-5 2.2-5 5v2H7v4h2v9h4v-9h3l1-4h-4V9c0-.6.4-1 1-1z",
  Instagram:
    "M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v10a3 3 0 0 0 3 3h10a3 3 0 0 0 3-3V7a3 3 0 0 0-3-3H7zm5 3.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM17.5 5.5a1 1 0 1 1 0 2 1 1 0 0 1 0-2z",
  LinkedIn:
    "M4 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM2.5 9h3v12h-3V9zm6 0h3v1.7c.6-1 1.8-2 3.8-2 3.4 0 4.2 2.2 4.2 5.1V21h-3v-6.3c0-1.5 0-3.3-2-3.3s-2.3 1.6-2.3 3.2V21h-3V9z",
  X: "M3 3h5l4.3 6L17.6 3H21l-7.1 8.3L21.5 21h-5l-4.7-6.4L6.2 21H3l7.4-8.6L3 3z",
};

export function SocialIcon({ network }: { network: SocialLink["network"] }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="currentColor">
      <path d={iconPaths[network]} />
    </svg>
  );
}
