package dev.gpudra.imagepush;

import com.google.cloud.tools.jib.api.CacheDirectoryCreationException;
import com.google.cloud.tools.jib.api.Containerizer;
import com.google.cloud.tools.jib.api.ImageReference;
import com.google.cloud.tools.jib.api.Jib;
import com.google.cloud.tools.jib.api.LogEvent;
import com.google.cloud.tools.jib.api.RegistryException;
import com.google.cloud.tools.jib.api.RegistryImage;
import com.google.cloud.tools.jib.api.TarImage;
import com.google.cloud.tools.jib.api.buildplan.Platform;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

/**
 * Fetches a base image (e.g. {@code eclipse-temurin:25-jre}) from its registry for one platform and
 * writes it as a docker-archive tar: what the image build takes as its {@code tar://} base, and
 * whose own Java the AOT cache is trained with. Nothing is added to the image.
 *
 * @param credentials where credentials come from
 * @param log Jib's progress and warnings
 */
public record BasePuller(RegistryCredentials credentials, Consumer<LogEvent> log) {

  /**
   * @throws ImageException naming the image, the platform or the registry, and what to do
   */
  public void pull(PullRequest request) throws ImageException, InterruptedException {
    ImageReference image = ImagePusher.parse(request.image(), "IMAGE");
    Platform platform = platform(request.platform());
    if (!request.insecure()) {
      TlsProbe.requireTls(image.getRegistry(), "pull");
    }
    RegistryImage from = RegistryImage.named(image);
    credentials.retrievers(image, log).forEach(from::addCredentialRetriever);
    try {
      Files.createDirectories(request.tar().toAbsolutePath().getParent());
      Jib.from(from)
          .setPlatforms(Set.of(platform))
          .containerize(
              Containerizer.to(TarImage.at(request.tar()).named(image))
                  .setAllowInsecureRegistries(request.insecure())
                  .setToolName("gpu-dra image pull-base")
                  .addEventHandler(LogEvent.class, log));
    } catch (ExecutionException | RegistryException | IOException e) {
      throw RegistryFailures.explain(image, "pull", e);
    } catch (CacheDirectoryCreationException e) {
      throw new ImageException("cannot create Jib's layer cache: " + e.getMessage(), e);
    }
  }

  /** {@code linux/amd64} as Jib names it; refuses anything but {@code OS/ARCH}. */
  static Platform platform(String text) throws ImageException {
    String[] parts = text.split("/", -1);
    if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
      throw new ImageException("--platform " + text + ": not OS/ARCH, as in linux/arm64");
    }
    return new Platform(parts[1], parts[0]);
  }
}
