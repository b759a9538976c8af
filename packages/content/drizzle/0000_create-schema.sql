CREATE SCHEMA "content";
