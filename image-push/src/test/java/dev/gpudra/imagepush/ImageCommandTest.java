package dev.gpudra.imagepush;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the push refuses before it reaches any registry, and how it says so. */
class ImageCommandTest {
  @TempDir Path dir;

  private record Run(int exit, String out, String err) {}

  private Run run(Map<String, String> env, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    var cli = ImageCommand.commandLine(env);
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    int exit = cli.execute(args);
    return new Run(exit, out.toString(), err.toString());
  }

  private Path tar() throws IOException {
    return Files.writeString(dir.resolve("image.tar"), "not pushed\n");
  }

  @Test
  @DisplayName("a missing tar is named, and nothing is pushed")
  void aMissingTarIsNamed() {
    Run run = run(Map.of(), "push", "--tar", dir.resolve("none.tar").toString(), "r.test/g:1");
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err()).contains("--tar " + dir.resolve("none.tar") + ": no such file");
    assertThat(run.out()).isEmpty();
  }

  @Test
  @DisplayName("push requires --tar")
  void theTarIsRequired() {
    assertThat(run(Map.of(), "push", "r.test/g:1").err())
        .contains("Missing required option: '--tar=FILE'");
  }

  @Test
  @DisplayName("a target without a tag is refused with an example")
  void aTargetWithoutATagIsRefused() throws IOException {
    Run run = run(Map.of(), "push", "--tar", tar().toString(), "registry.test:5000/gpu-dra");
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err())
        .contains("REGISTRY/NAME:TAG registry.test:5000/gpu-dra: name a tag, as in");
  }

  @Test
  @DisplayName("a digest in place of a tag is refused")
  void aDigestInsteadOfATagIsRefused() throws IOException {
    Run run = run(Map.of(), "push", "--tar", tar().toString(), "r.test/g@sha256:" + "a".repeat(64));
    assertThat(run.err()).contains(": name a tag");
  }

  @Test
  @DisplayName("an invalid target reference is named")
  void anInvalidReferenceIsNamed() throws IOException {
    Run run = run(Map.of(), "push", "--tar", tar().toString(), "r.test/UPPER:1");
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err()).contains("REGISTRY/NAME:TAG r.test/UPPER:1: not an image reference");
  }

  @Test
  @DisplayName("an invalid extra tag is named")
  void anInvalidExtraTagIsNamed() throws IOException {
    Run run = run(Map.of(), "push", "--tar", tar().toString(), "--tag", "no/slash", "r.test/g:1");
    assertThat(run.err()).contains("--tag no/slash: not a valid tag");
  }

  @Test
  @DisplayName("a registry user name without a password is refused")
  void aUserNameWithoutAPasswordIsRefused() throws IOException {
    Run run =
        run(
            Map.of(RegistryCredentials.USERNAME, "admin"),
            "push",
            "--tar",
            tar().toString(),
            "r.test/g:1");
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err())
        .contains("GPU_DRA_REGISTRY_PASSWORD is not set while GPU_DRA_REGISTRY_USERNAME is");
  }

  @Test
  @DisplayName("a platform is refused: a tar holds one platform's image")
  void aPlatformIsRefusedByName() throws IOException {
    Run run =
        run(Map.of(), "push", "--tar", tar().toString(), "--platform", "linux/arm64", "r.test/g:1");
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err()).contains("--platform linux/arm64: a tar holds one platform's image");
  }

  @Test
  @DisplayName("a base platform must be os/arch, and nothing is written")
  void aBasePlatformMustBeOsSlashArch() {
    Run run =
        run(
            Map.of(),
            "pull-base",
            "--tar",
            dir.resolve("base.tar").toString(),
            "--platform",
            "arm64",
            "r.test/base:1");
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err()).contains("--platform arm64: not OS/ARCH, as in linux/arm64");
    assertThat(dir.resolve("base.tar")).doesNotExist();
  }

  @Test
  @DisplayName("an invalid base image reference is named")
  void anInvalidBaseIsNamed() {
    Run run = run(Map.of(), "pull-base", "--tar", dir.resolve("b.tar").toString(), "r.test/A B");
    assertThat(run.err()).contains("IMAGE r.test/A B: not an image reference");
  }

  @Test
  @DisplayName("an image list needs at least two images")
  void aListNeedsTwoImages() {
    Run run = run(Map.of(), "index", "--image", "r.test/g:1-amd64", "r.test/g:1");
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err()).contains("gpu-dra image index: --image: name at least two");
  }

  @Test
  @DisplayName("an image list's target names a tag")
  void aListNamesATag() {
    Run run = run(Map.of(), "index", "--image", "r.test/g:a", "--image", "r.test/g:b", "r.test/g");
    assertThat(run.err()).contains("REGISTRY/NAME:TAG r.test/g: name a tag");
  }

  @Test
  @DisplayName("push's help names the credential sources")
  void helpNamesTheCredentialSources() {
    Run run = run(Map.of(), "push", "--help");
    assertThat(run.exit()).isZero();
    assertThat(run.out()).contains("GPU_DRA_REGISTRY_USERNAME", "--insecure", "--tag");
  }
}
