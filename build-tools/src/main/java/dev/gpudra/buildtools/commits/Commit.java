package dev.gpudra.buildtools.commits;

import java.util.Objects;

/** One commit as its rules read it: its hash, subject line and body (without the subject). */
public record Commit(String hash, String subject, String body) {
  public Commit {
    Objects.requireNonNull(hash, "hash");
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(body, "body");
  }

  /** The abbreviated hash and the subject, as {@code git log --oneline} shows them. */
  public String oneline() {
    return hash.substring(0, Math.min(12, hash.length())) + " " + subject;
  }
}
