/**
 * The measurable writing rules of CONTRIBUTING.md, checked over the repository's Markdown: every
 * relative link and {@code #anchor} resolves, every repository file a doc or a source comment names
 * exists, README.md stays within two screens and no table cell of README.md or docs/ runs past
 * fifteen words.
 *
 * <p>Flow: {@link dev.gpudra.buildtools.docs.RepositoryFiles} (the files a .gitignore does not
 * name) → each Markdown file read once as a {@link dev.gpudra.buildtools.docs.MarkdownSource}
 * (fenced code blocks and code spans set apart) → {@link dev.gpudra.buildtools.docs.Links}, {@link
 * dev.gpudra.buildtools.docs.Tables} and {@link dev.gpudra.buildtools.docs.FileMentions} → one list
 * of {@link dev.gpudra.buildtools.docs.Violation}s, every one reported, sorted by file and line
 * ({@link dev.gpudra.buildtools.docs.DocsCheck}).
 *
 * <p>Pure file reading: no git, no network; links to other sites are not followed.
 */
package dev.gpudra.buildtools.docs;
