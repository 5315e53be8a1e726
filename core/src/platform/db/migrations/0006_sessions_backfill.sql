-- One session per refresh-token family that still has a live token, so signed-in devices stay signed in.
INSERT INTO "sessions" ("id", "user_id", "created_at", "last_used_at")
SELECT "family_id", "user_id", min("created_at"), max("created_at")
FROM "refresh_tokens"
GROUP BY "family_id", "user_id"
HAVING bool_or("revoked_at" IS NULL AND "used_at" IS NULL)
ON CONFLICT ("id") DO NOTHING;
