/**
 * The commit rules of CONTRIBUTING.md, for every commit made after they landed: a subject of at
 * most 72 characters that starts with a capitalised verb in the imperative, and a body that says
 * why.
 *
 * <p>Flow: {@link dev.gpudra.buildtools.commits.CommitCheck} → {@code .ci/commit-rules-since} (the
 * last commit before the rules) → {@link dev.gpudra.buildtools.commits.GitLog} (the commits since,
 * merges left out) → {@link dev.gpudra.buildtools.commits.CommitRules} per commit → one line per
 * broken rule. Without the history (no git, a shallow clone) the check says why and passes, except
 * under {@code CI=true}.
 */
package dev.gpudra.buildtools.commits;
