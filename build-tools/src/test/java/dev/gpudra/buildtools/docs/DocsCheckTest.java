package dev.gpudra.buildtools.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rules on a small repository written for each test. */
class DocsCheckTest {
  @TempDir Path root;

  private void write(String path, String... lines) throws IOException {
    Path file = root.resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, String.join("\n", lines) + "\n");
  }

  private List<String> violations() throws IOException {
    return new DocsCheck(root).run().stream().map(Violation::toString).toList();
  }

  @Test
  @DisplayName("a link to a file or directory that exists passes; a missing one is reported")
  void links() throws IOException {
    write("docs/guide.md", "# Guide");
    write("README.md", "See [the guide](docs/guide.md), [docs](docs/) and [x](docs/missing.md).");

    assertThat(violations())
        .containsExactly("README.md:1: broken link: docs/missing.md (no docs/missing.md)");
  }

  @Test
  @DisplayName("an anchor must name a heading of its target, slugged as GitHub does")
  void anchors() throws IOException {
    write(
        "docs/guide.md",
        "# Guide",
        "## Install on a cluster (Helm)",
        "## FAQ",
        "## FAQ",
        "[up](#guide) [dup](#faq-1) [bad](#faq-2)");
    write(
        "README.md",
        "[good](docs/guide.md#install-on-a-cluster-helm)",
        "",
        "[bad](docs/guide.md#install)");

    assertThat(violations())
        .containsExactly(
            "README.md:3: broken anchor: docs/guide.md#install (no heading of docs/guide.md has"
                + " the anchor #install)",
            "docs/guide.md:5: broken anchor: #faq-2 (no heading of docs/guide.md has the anchor"
                + " #faq-2)");
  }

  @Test
  @DisplayName("links in code, links with a scheme and links that leave the repository")
  void skippedAndOutside() throws IOException {
    write(
        "README.md",
        "```",
        "[in a fence](nowhere.md)",
        "```",
        "`[in a span](nowhere.md)` [web](https://example.com/x.md) [mail](mailto:a@b.c)",
        "[out](../elsewhere.md)");

    assertThat(violations())
        .containsExactly("README.md:5: link leaves the repository: ../elsewhere.md");
  }

  @Test
  @DisplayName(
      "a table cell over 15 words in README.md or docs/ is reported; a code span is one word")
  void longCell() throws IOException {
    String row = "| `a long code span counted once` | " + "word ".repeat(16) + "|";
    write("docs/table.md", "| name | what |", "|---|---|", row);
    write("other/README.md", "| name | what |", "|---|---|", row);

    assertThat(violations())
        .containsExactly(
            "docs/table.md:3: table cell of 16 words, at most 15: \"word word word word word"
                + " word ...\"");
    assertThat(Tables.words("`a b c` and [two words](x.md) → done")).isEqualTo(5);
  }

  @Test
  @DisplayName("README.md over 120 lines is reported at line 121")
  void readmeLength() throws IOException {
    write("README.md", "line\n".repeat(121).strip());
    write("docs/long.md", "line\n".repeat(500).strip());

    assertThat(violations())
        .containsExactly(
            "README.md:121: README.md has 121 lines, at most 120 (about two screens): move the"
                + " detail into docs/");
  }

  @Test
  @DisplayName("a repository file named in prose, a code span or a source comment must exist")
  void namedFiles() throws IOException {
    write("docs/helm.md", "# Helm");
    write(
        "README.md",
        "Read docs/helm.md and `docs/operations.md`; STYLE.md, `docs/<guide>.md` and"
            + " target/x.md are not checked as files.",
        "Code lives in `api/src/Api.java`.");
    write(
        "api/src/Other.java",
        "// see docs/helm.md, STYLE.md and api/src/Api.java",
        "class Other { String fixture = \"docs/operations.md\"; }");
    write("deployments/values.yaml", "# profilePath: docs/operations.md");

    assertThat(violations())
        .containsExactly(
            "README.md:1: names STYLE.md, which does not exist (beside this file or at the root)",
            "README.md:1: names docs/operations.md, which does not exist (beside this file or at"
                + " the root)",
            "README.md:2: names api/src/Api.java, which does not exist (beside this file or at the"
                + " root)",
            "api/src/Other.java:1: names STYLE.md, which does not exist (beside this file or at"
                + " the root)",
            "deployments/values.yaml:1: names docs/operations.md, which does not exist (beside"
                + " this file or at the root)");
  }

  @Test
  @DisplayName("directories a .gitignore names (target/, bin/) are not read")
  void ignoredDirectories() throws IOException {
    write(".gitignore", "target/", "*.class");
    write("e2e/.gitignore", "bin/");
    write("target/notes.md", "[x](missing.md)");
    write("e2e/bin/cache/README.md", "[x](missing.md)");
    write("e2e/README.md", "[ok](README.md)");

    assertThat(violations()).isEmpty();
    assertThat(RepositoryFiles.under(root))
        .containsExactly(
            root.resolve(".gitignore"),
            root.resolve("e2e/.gitignore"),
            root.resolve("e2e/README.md"));
  }

  @Test
  @DisplayName("the command prints every violation and exits 1, 0 when clean, 2 on bad usage")
  void command() throws IOException {
    write("README.md", "[x](a.md) [y](b.md)");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
    PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);

    assertThat(DocsCheck.run(new String[] {root.toString()}, o, e)).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("a.md (no a.md)", "b.md (no b.md)");
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("docs-check: 2 violations\n");
    write("README.md", "clean");
    assertThat(DocsCheck.run(new String[] {root.toString()}, o, e)).isZero();
    assertThat(DocsCheck.run(new String[] {"a", "b"}, o, e)).isEqualTo(2);
  }
}
