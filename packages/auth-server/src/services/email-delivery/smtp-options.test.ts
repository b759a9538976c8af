import { createTransport } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { describe, expect, it } from "vitest";
import { smtpTimeouts, smtpUrlTransportOptions } from "./smtp-options";

/** The options nodemailer's SMTP transport ends up with. */
function transportOptions(options: SMTPTransport.Options): SMTPTransport.Options {
  const transport = createTransport(options) as unknown as {
    transporter: { options: SMTPTransport.Options };
  };
  return transport.transporter.options;
}

describe("SMTP options", () => {
  it("keeps the URL's server and credentials, and bounds how long a server may keep us waiting", () => {
    const options = transportOptions(
      smtpUrlTransportOptions("smtps://mailer:s3cret@mail.example.org:465"),
    );
    expect(options).toMatchObject({
      host: "mail.example.org",
      port: 465,
      secure: true,
      auth: { user: "mailer", pass: "s3cret" },
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    // Nodemailer's own defaults are two minutes to connect and ten for a stalled socket.
    expect(smtpTimeouts.connectionTimeout).toBeLessThan(120_000);
  });

  it("lets a timeout named in the URL win", () => {
    const options = transportOptions(
      smtpUrlTransportOptions("smtp://mail.example.org:587/?connectionTimeout=3000"),
    );
    expect(Number(options.connectionTimeout)).toBe(3000);
    expect(options.greetingTimeout).toBe(10_000);
  });
});
