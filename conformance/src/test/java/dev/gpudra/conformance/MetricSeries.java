package dev.gpudra.conformance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

/**
 * The series a plugin's {@code /metrics} exposes, without their values: {@code name{labels}}, one
 * per line, sorted, for the families NVIDIA names ({@code nvidia_dra_}). Values and HELP texts are
 * not compared: dashboards and alerts select series by name and labels.
 */
final class MetricSeries {
  static final String PREFIX = "nvidia_dra_";

  private MetricSeries() {}

  /** A free TCP port on the loopback address, for a plugin's {@code --http-endpoint}. */
  static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free port", e);
    }
  }

  /** Scrapes {@code http://127.0.0.1:<port>/metrics}. */
  static List<String> scrape(int port) {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
            .timeout(Duration.ofSeconds(10))
            .build();
    try (HttpClient http = HttpClient.newHttpClient()) {
      return series(http.send(request, HttpResponse.BodyHandlers.ofString()).body());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot scrape port " + port, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted scraping port " + port, e);
    }
  }

  /** The series of an exposition text, values dropped, sorted. */
  static List<String> series(String exposition) {
    return exposition
        .lines()
        .filter(l -> l.startsWith(PREFIX))
        .map(l -> l.substring(0, l.lastIndexOf(' ')))
        .map(MetricSeries::withoutFloatLe)
        .distinct()
        .sorted()
        .toList();
  }

  /** {@code le="0.05"}: Go writes bucket bounds as given, Java's client with a trailing zero. */
  private static String withoutFloatLe(String series) {
    return series.replaceAll("le=\"(\\d+)\\.0\"", "le=\"$1\"");
  }
}
