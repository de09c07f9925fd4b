-- Hand-written: who holds which planning role (issue 17, tasks/:showUsersRoles). Scheduling
-- gives tasks to roles; a company member holding a role sees that role's tasks among "my tasks"
-- and the outstanding-tasks count. The keys carry the company, so a link never names another
-- company's role or member; removing the role or the person's membership removes the link.
CREATE TABLE "planning_role_members" (
  "company_id" bigint NOT NULL,
  "role_id" bigint NOT NULL,
  "user_id" bigint NOT NULL,
  PRIMARY KEY ("company_id", "role_id", "user_id"),
  FOREIGN KEY ("company_id", "role_id") REFERENCES "planning_roles" ("company_id", "id") ON DELETE CASCADE,
  FOREIGN KEY ("company_id", "user_id") REFERENCES "memberships" ("company_id", "user_id") ON DELETE CASCADE
);
--> statement-breakpoint
-- "my tasks": the roles one person holds in a company
CREATE INDEX "planning_role_members_user_idx" ON "planning_role_members" ("company_id", "user_id");
