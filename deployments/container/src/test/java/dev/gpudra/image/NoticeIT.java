package dev.gpudra.image;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * NOTICE (at the repository root) names exactly the third-party jars the image ships: a dependency
 * added, bumped or dropped without NOTICE following fails here.
 */
class NoticeIT {
  /** {@code groupId:artifactId:version | license | url}, one bundled library a line. */
  private static final Pattern ENTRY =
      Pattern.compile("(?m)^[\\w.-]+:([\\w.-]+):([\\w.-]+) \\| (\\S[^|]*) \\| (\\S+)$");

  private final ImageClasspath image = ImageClasspath.fromBuild();

  /** Each entry as the jar file name the dependency plugin copies it under. */
  private static Set<String> noticeJars() throws IOException {
    Matcher m = ENTRY.matcher(Files.readString(Path.of("..", "..", "NOTICE")));
    Set<String> jars = new TreeSet<>();
    while (m.find()) {
      jars.add(m.group(1) + "-" + m.group(2) + ".jar");
    }
    return jars;
  }

  private List<String> thirdPartyJars() {
    return image.jars().stream().filter(j -> !j.startsWith("gpu-dra-")).toList();
  }

  @Test
  @DisplayName("every third-party jar of the image's classpath is in NOTICE, with its license")
  void everyJarNamed() throws IOException {
    assertThat(thirdPartyJars()).as("the image's classpath (target/libs)").hasSizeGreaterThan(10);
    assertThat(noticeJars()).containsAll(thirdPartyJars());
  }

  @Test
  @DisplayName("NOTICE names no library the image does not ship")
  void nothingStale() throws IOException {
    assertThat(thirdPartyJars()).containsAll(noticeJars());
  }
}
