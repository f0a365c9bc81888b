package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.realcluster.controlplane.BuildScript;
import dev.gpudra.realcluster.registry.LoopbackRegistry;
import dev.gpudra.realcluster.registry.RegistryUnavailableException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gpu-dra image push} and {@code pull-base} against the distribution registry on loopback:
 * our image tar pushed and its digest served under the tag; the same image fetched back as a base
 * tar with the same layers; plain HTTP refused at once without {@code --insecure}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ImagePushE2E {
  private final ObjectMapper json = new ObjectMapper();
  private Path dir;
  private Path tar;
  private LoopbackRegistry registry;
  private Path arm64;

  @BeforeAll
  void start(@TempDir Path dir) throws IOException, InterruptedException {
    this.dir = dir;
    tar = Path.of(System.getProperty("gpu-dra.image.tar", "no-image.tar"));
    Assumptions.assumeTrue(Files.isRegularFile(tar), "no image tar: ./gpu-dra test builds it");
    try {
      arm64 =
          new BuildScript(
                  RealControlPlane.checkout().resolve("e2e/node/arm64-image.sh"),
                  "an arm64 image from Debian's busybox-static")
              .run(System.err::println, RegistryUnavailableException::new);
      registry =
          LoopbackRegistry.start(
              LoopbackRegistry.locate(RealControlPlane.checkout(), System.err::println),
              dir.resolve("registry"));
    } catch (RegistryUnavailableException e) {
      System.err.println("image push E2E skipped: " + e.getMessage());
      Assumptions.abort(e.getMessage());
    }
  }

  @AfterAll
  void stop() throws InterruptedException {
    if (registry != null) {
      registry.close();
    }
  }

  @Test
  @DisplayName(
      "push prints the reference with the digest the registry serves for each tag; the image"
          + " pulled back as a base has the same layers; another platform is refused")
  void pushedAndPulledBack() throws IOException, InterruptedException {
    String target = registry.host() + "/gpu-dra:e2e";
    Result pushed = image("push", "--insecure", "--tar", tar.toString(), "--tag", "also", target);
    assertThat(pushed.exit()).as(pushed.err()).isZero();
    String digest = pushed.out().strip().substring(target.length() + 1);
    assertThat(digest).startsWith("sha256:");
    for (String tag : List.of("e2e", "also")) {
      assertThat(servedDigest("gpu-dra", tag)).isEqualTo(digest);
    }

    Path base = dir.resolve("base.tar");
    Result pulled = image("pull-base", "--insecure", "--tar", base.toString(), target);
    assertThat(pulled.exit()).as(pulled.err()).isZero();
    assertThat(diffIds(base)).isEqualTo(diffIds(tar)).isNotEmpty();

    Result arm =
        image(
            "pull-base",
            "--insecure",
            "--platform",
            "linux/arm64",
            "--tar",
            dir.resolve("arm.tar").toString(),
            target);
    assertThat(arm.exit()).isEqualTo(1);
    assertThat(arm.err()).contains("cannot pull " + target + ": ").contains("(amd64/linux)");
  }

  @Test
  @DisplayName(
      "without --insecure a plain-HTTP registry is refused within seconds, naming the flag, and"
          + " nothing is pushed")
  void plainHttpNeedsInsecure() throws IOException, InterruptedException {
    long start = System.nanoTime();
    Result result = image("push", "--tar", tar.toString(), registry.host() + "/refused:1");
    assertThat(result.exit()).isEqualTo(1);
    assertThat(result.err())
        .contains(registry.host() + " does not serve HTTPS")
        .contains("pass --insecure to push over plain HTTP");
    assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start)).isLessThan(20);
    assertThat(servedStatus("refused", "1")).isEqualTo(404);
  }

  @Test
  @DisplayName(
      "index lists per-platform images under one tag with the platform each image's config"
          + " says; a base pulled from it for linux/arm64 is the arm64 image; a list over two"
          + " images of one platform, another repository or a list is refused by name")
  void oneTagOverPerPlatformImages() throws IOException, InterruptedException {
    String repository = registry.host() + "/multi";
    String amd =
        image("push", "--insecure", "--tar", tar.toString(), repository + ":1-amd64").out();
    String arm =
        image("push", "--insecure", "--tar", arm64.toString(), repository + ":1-arm64").out();
    Result index =
        image(
            "index",
            "--insecure",
            "--image",
            amd.strip(),
            "--image",
            repository + ":1-arm64",
            repository + ":1");
    assertThat(index.exit()).as(index.err()).isZero();
    assertThat(index.out().strip()).startsWith(repository + ":1@sha256:");

    JsonNode list = json.readTree(manifestList("multi", "1"));
    assertThat(list.path("mediaType").asText())
        .isEqualTo("application/vnd.docker.distribution.manifest.list.v2+json");
    List<String> entries = new ArrayList<>();
    list.path("manifests")
        .forEach(m ->
            entries.add(
                m.at("/platform/os").asText()
                    + "/"
                    + m.at("/platform/architecture").asText()
                    + " "
                    + m.path("digest").asText()));
    assertThat(entries)
        .containsExactly(
            "linux/amd64 " + amd.strip().substring(amd.indexOf('@') + 1),
            "linux/arm64 " + arm.strip().substring(arm.indexOf('@') + 1));

    Path base = dir.resolve("arm64-base.tar");
    Result pulled =
        image(
            "pull-base",
            "--insecure",
            "--platform",
            "linux/arm64",
            "--tar",
            base.toString(),
            repository + ":1");
    assertThat(pulled.exit()).as(pulled.err()).isZero();
    assertThat(diffIds(base)).isEqualTo(diffIds(arm64));

    refusedIndexes(repository);
  }

  /** Lists that cannot be one tag: two images of one platform, a list, another repository. */
  private void refusedIndexes(String repository) throws IOException, InterruptedException {
    assertThat(
            image(
                    "index",
                    "--insecure",
                    "--image",
                    repository + ":1-amd64",
                    "--image",
                    repository + ":1-amd64",
                    repository + ":2")
                .err())
        .contains("both linux/amd64");
    assertThat(
            image(
                    "index",
                    "--insecure",
                    "--image",
                    repository + ":1",
                    "--image",
                    repository + ":1-arm64",
                    repository + ":2")
                .err())
        .contains("manifest.list.v2+json, not one image");
    assertThat(
            image(
                    "index",
                    "--insecure",
                    "--image",
                    registry.host() + "/other:1",
                    "--image",
                    repository + ":1-arm64",
                    repository + ":2")
                .err())
        .contains("not in " + repository);
    assertThat(servedStatus("multi", "2")).isEqualTo(404);
  }

  private String manifestList(String name, String tag) throws IOException, InterruptedException {
    try (HttpClient http = HttpClient.newHttpClient()) {
      return http.send(
              HttpRequest.newBuilder(
                      URI.create("http://" + registry.host() + "/v2/" + name + "/manifests/" + tag))
                  .header("Accept", "application/vnd.docker.distribution.manifest.list.v2+json")
                  .build(),
              HttpResponse.BodyHandlers.ofString())
          .body();
    }
  }

  private String servedDigest(String name, String tag) throws IOException, InterruptedException {
    return manifest(name, tag).headers().firstValue("Docker-Content-Digest").orElse("none");
  }

  private int servedStatus(String name, String tag) throws IOException, InterruptedException {
    return manifest(name, tag).statusCode();
  }

  private HttpResponse<Void> manifest(String name, String tag)
      throws IOException, InterruptedException {
    try (HttpClient http = HttpClient.newHttpClient()) {
      return http.send(
          HttpRequest.newBuilder(
                  URI.create("http://" + registry.host() + "/v2/" + name + "/manifests/" + tag))
              .method("HEAD", HttpRequest.BodyPublishers.noBody())
              .header(
                  "Accept",
                  "application/vnd.docker.distribution.manifest.v2+json,"
                      + "application/vnd.oci.image.manifest.v1+json")
              .build(),
          HttpResponse.BodyHandlers.discarding());
    }
  }

  /** The layers' uncompressed digests, as a docker-archive tar's config lists them. */
  private List<String> diffIds(Path archive) throws IOException, InterruptedException {
    JsonNode manifest = json.readTree(member(archive, "manifest.json"));
    JsonNode config = json.readTree(member(archive, manifest.get(0).get("Config").asText()));
    List<String> ids = new ArrayList<>();
    config.at("/rootfs/diff_ids").forEach(id -> ids.add(id.asText()));
    return ids;
  }

  private static String member(Path archive, String name) throws IOException, InterruptedException {
    Process tarProcess = new ProcessBuilder("tar", "-xOf", archive.toString(), name).start();
    String text = new String(tarProcess.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(tarProcess.waitFor()).as("tar -xOf %s %s", archive, name).isZero();
    return text;
  }

  private record Result(int exit, String out, String err) {}

  private Result image(String... args) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("gpu-dra.image-push.classpath"),
                "dev.gpudra.imagepush.ImageCommand"));
    command.addAll(List.of(args));
    Path err = Files.createTempFile(dir, "err", ".log");
    Process process = new ProcessBuilder(command).redirectError(err.toFile()).start();
    process.getOutputStream().close();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(3, TimeUnit.MINUTES)).isTrue();
    return new Result(process.exitValue(), out, Files.readString(err));
  }
}
