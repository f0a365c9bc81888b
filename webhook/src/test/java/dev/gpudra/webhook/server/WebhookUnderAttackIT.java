package dev.gpudra.webhook.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.testfixtures.process.GcFigures;
import dev.gpudra.testfixtures.process.PeakRss;
import dev.gpudra.testfixtures.tls.SelfSignedCert;
import dev.gpudra.testfixtures.tls.SelfSignedCert.KeyAlgorithm;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The webhook in a JVM of its own with a 64 MiB heap, as a hostile client meets it: large bodies at
 * once, TLS handshakes that stall. It must answer every well-formed review and stay up. Last, the
 * worst legal reviews, and the largest live heap its GC log shows over the whole class.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WebhookUnderAttackIT {
  /** The bound on the live heap after a collection, over every test of this class. */
  static final long LIVE_BOUND_MIB = 24;

  private static final String CONFIG =
      "{\"opaque\":{\"driver\":\"gpu.nvidia.com\",\"parameters\":{\"apiVersion\":"
          + "\"resource.nvidia.com/v1beta1\",\"kind\":\"GpuConfig\"}}}";

  @TempDir static Path dir;
  private static Process webhook;
  private static HttpClient http;
  private static int port;
  private final List<Socket> stalled = new ArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    SelfSignedCert cert = SelfSignedCert.generate(dir, "webhook", KeyAlgorithm.EC);
    cert.write(dir.resolve("tls.crt"), dir.resolve("tls.key"));
    String java = ProcessHandle.current().info().command().orElseThrow();
    webhook =
        new ProcessBuilder(
                java,
                "-Xmx64m",
                "-Xlog:gc:file=" + dir.resolve("gc.log"),
                "-cp",
                System.getProperty("java.class.path"),
                WebhookProcess.class.getName(),
                dir.resolve("tls.crt").toString(),
                dir.resolve("tls.key").toString())
            .redirectError(dir.resolve("stderr.txt").toFile())
            .start();
    String line =
        new BufferedReader(new InputStreamReader(webhook.getInputStream(), StandardCharsets.UTF_8))
            .readLine();
    assertThat(line).as("the webhook's first line").startsWith("port=");
    port = Integer.parseInt(line.substring("port=".length()));
    http =
        HttpClient.newBuilder()
            .sslContext(SelfSignedCert.trusting(List.of(cert)))
            .connectTimeout(Duration.ofSeconds(5))
            .build();
  }

  @AfterAll
  static void stop() throws Exception {
    if (webhook == null) {
      return;
    }
    webhook.getOutputStream().close();
    webhook.destroy();
    webhook.waitFor();
  }

  @AfterEach
  void closeStalled() throws Exception {
    for (Socket socket : stalled) {
      socket.close();
    }
  }

  private static String review(String uid, String metadata) {
    return "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\",\"request\":{"
        + "\"uid\":\""
        + uid
        + "\",\"operation\":\"CREATE\",\"resource\":{\"group\":\"resource.k8s.io\","
        + "\"version\":\"v1\",\"resource\":\"resourceclaims\"},\"object\":{\"metadata\":"
        + metadata
        + ",\"spec\":{\"devices\":{\"config\":["
        + CONFIG
        + "]}}}}}";
  }

  private static CompletableFuture<HttpResponse<String>> post(String body) {
    return http.sendAsync(
        HttpRequest.newBuilder(
                URI.create("https://127.0.0.1:" + port + WebhookServer.VALIDATE_PATH))
            .header("Content-Type", "application/json")
            .timeout(Duration.ofSeconds(30))
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  @Order(Integer.MAX_VALUE)
  @DisplayName(
      "the worst legal reviews (3 MiB: 32 configs of 10 KiB parameters, a 256 KiB annotation),"
          + " 8 at a time for 10 rounds, are all answered; the live heap stays under its bound")
  void heapBound() throws Exception {
    String parameters =
        "{\"apiVersion\":\"resource.nvidia.com/v1beta1\",\"kind\":\"GpuConfig\",\"pad\":\""
            + "p".repeat(10_000)
            + "\"}";
    String config =
        "{\"opaque\":{\"driver\":\"gpu.nvidia.com\",\"parameters\":" + parameters + "}}";
    String worst =
        review("worst", "{\"annotations\":{\"a\":\"" + "a".repeat(256 * 1024) + "\"}}")
            .replace(CONFIG, String.join(",", java.util.Collections.nCopies(32, config)))
            .replace(
                "\"metadata\":",
                "\"status\":{\"x\":\"" + "s".repeat(2_450_000) + "\"},\"metadata\":");
    assertThat(worst.length()).isBetween(3_000_000, 3 * 1024 * 1024);
    for (int round = 0; round < 10; round++) {
      List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        answers.add(post(worst));
      }
      for (CompletableFuture<HttpResponse<String>> answer : answers) {
        assertThat(answer.get().body()).contains("32 configs failed to validate");
      }
    }
    long peakRss = PeakRss.kib(webhook.pid());
    stop();
    webhook = null;
    GcFigures gc = GcFigures.of(dir.resolve("gc.log"));
    System.out.printf(
        "webhook heap: peak before a collection %d MiB, largest live set after one %d MiB,"
            + " peak RSS %d MiB (bound %d MiB)%n",
        gc.peakMib(), gc.liveMib(), peakRss / 1024, LIVE_BOUND_MIB);
    assertThat(gc.liveMib()).isLessThanOrEqualTo(LIVE_BOUND_MIB);
  }

  @Test
  @DisplayName(
      "four 7 MB reviews at once (a 3.5 M-element list each) are all answered, and it stays up")
  void largeBodiesAtOnce() throws Exception {
    String big = review("big", "{\"x\":[" + "1,".repeat(3_500_000) + "1]}");
    List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      answers.add(post(big));
    }

    for (CompletableFuture<HttpResponse<String>> answer : answers) {
      assertThat(answer.get().statusCode()).isEqualTo(200);
      assertThat(answer.get().body()).contains("\"allowed\":true");
    }
    assertThat(webhook.isAlive()).isTrue();
    assertThat(post(review("after", "{}")).get().body()).contains("\"allowed\":true");
  }

  @Test
  @DisplayName("a body over 8 MiB is 413 at once, and the webhook stays up")
  void overLimit() throws Exception {
    HttpResponse<String> answer =
        post(review("huge", "{\"x\":\"" + "x".repeat(9 * 1024 * 1024) + "\"}")).get();

    assertThat(answer.statusCode()).isEqualTo(413);
    assertThat(answer.body()).isEqualTo("request body over 8388608 bytes\n");
    assertThat(webhook.isAlive()).isTrue();
  }

  @Test
  @DisplayName("12 TLS handshakes stalled after 11 bytes do not delay a review")
  void stalledHandshakes() throws Exception {
    byte[] helloStart = {0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, (byte) 0xfc, 0x03, 0x03};
    for (int i = 0; i < 12; i++) {
      Socket socket = new Socket("127.0.0.1", port);
      stalled.add(socket);
      OutputStream out = socket.getOutputStream();
      out.write(helloStart);
      out.flush();
    }

    long start = System.nanoTime();
    HttpResponse<String> answer = post(review("quick", "{}")).get();
    Duration took = Duration.ofNanos(System.nanoTime() - start);

    assertThat(answer.body()).contains("\"allowed\":true");
    assertThat(took).isLessThan(Duration.ofSeconds(3));
  }
}
