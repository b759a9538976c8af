/**
 * What the team endpoints answer besides teams (contract §2.8–§2.10): memberships, open
 * invitations, member profiles (server access adds the full user) and the invitation details shown
 * before accepting.
 * @module
 */
import { z } from "zod";
import { serverUserSchema } from "./users";

/** `POST /team-memberships/{team_id}/{user_id}`. */
export const teamMembershipSchema = z.strictObject({ team_id: z.uuid(), user_id: z.uuid() });
export type TeamMembership = z.infer<typeof teamMembershipSchema>;

/** An open invitation (`GET /team-invitations`). */
export const teamInvitationSchema = z.strictObject({
  id: z.uuid(),
  team_id: z.uuid(),
  team_display_name: z.string(),
  expires_at_millis: z.int(),
  recipient_email: z.string().nullable(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** `POST /team-invitations/send-code`. */
export const sendTeamInvitationResponseSchema = z.strictObject({
  success: z.literal(true),
  id: z.uuid(),
});

/** `POST /team-invitations/accept/details`. */
export const teamInvitationDetailsSchema = z.strictObject({
  team_id: z.uuid(),
  team_display_name: z.string(),
});
export type TeamInvitationDetails = z.infer<typeof teamInvitationDetailsSchema>;

const memberProfileShape = {
  team_id: z.uuid(),
  user_id: z.uuid(),
  display_name: z.string().nullable(),
  profile_image_url: z.string().nullable(),
};

/** A member's profile in a team, as client access sees it. */
export const clientTeamMemberProfileSchema = z.strictObject(memberProfileShape);
export type ClientTeamMemberProfile = z.infer<typeof clientTeamMemberProfileSchema>;

/** A member's profile with the full server user (server and admin access). */
export const serverTeamMemberProfileSchema = z.strictObject({
  ...memberProfileShape,
  user: serverUserSchema,
});
export type ServerTeamMemberProfile = z.infer<typeof serverTeamMemberProfileSchema>;
