package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.localcluster.registry.LoopbackRegistry;
import dev.gpudra.localcluster.registry.RegistryUnavailableException;
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

  @BeforeAll
  void start(@TempDir Path dir) throws IOException, InterruptedException {
    this.dir = dir;
    tar = Path.of(System.getProperty("gpu-dra.image.tar", "no-image.tar"));
    Assumptions.assumeTrue(Files.isRegularFile(tar), "no image tar: ./gpu-dra test builds it");
    try {
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
