/**
 * Team objects as the API returns them (contract §2.7): the client shape, and the server shape that
 * adds `created_at_millis` and `server_metadata`. Every key is always present; nulls are explicit.
 * @module
 */
import { z } from "zod";

const clientTeamShape = {
  id: z.uuid(),
  display_name: z.string(),
  profile_image_url: z.string().nullable(),
  client_metadata: z.json().nullable(),
  client_read_only_metadata: z.json().nullable(),
};

/** A team as seen with client access. */
export const clientTeamSchema = z.strictObject(clientTeamShape);
export type ClientTeam = z.infer<typeof clientTeamSchema>;

/** A team as seen with server or admin access. */
export const serverTeamSchema = z.strictObject({
  ...clientTeamShape,
  created_at_millis: z.int(),
  server_metadata: z.json().nullable(),
});
export type ServerTeam = z.infer<typeof serverTeamSchema>;
