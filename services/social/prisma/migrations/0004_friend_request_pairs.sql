-- A declined friend request holds its asker back from asking the same hero again for 7 days
-- (src/friends/declines.ts). The rejected row itself is the record: it keeps who asked whom and when the
-- answer came, and purging either hero deletes it with their other requests. This index reads one
-- pair's requests (a handful: at most one pending, and one more after each hold) instead of every
-- request the asker ever sent.
create index "friend_requests_requester_id_addressee_id_created_at_idx"
  on "social"."friend_requests" ("requester_id", "addressee_id", "created_at");
