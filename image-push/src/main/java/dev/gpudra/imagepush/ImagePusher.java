package dev.gpudra.imagepush;

import com.google.cloud.tools.jib.api.CacheDirectoryCreationException;
import com.google.cloud.tools.jib.api.Containerizer;
import com.google.cloud.tools.jib.api.ImageReference;
import com.google.cloud.tools.jib.api.InvalidImageReferenceException;
import com.google.cloud.tools.jib.api.Jib;
import com.google.cloud.tools.jib.api.JibContainer;
import com.google.cloud.tools.jib.api.LogEvent;
import com.google.cloud.tools.jib.api.RegistryException;
import com.google.cloud.tools.jib.api.RegistryImage;
import com.google.cloud.tools.jib.api.TarImage;
import java.io.IOException;
import java.nio.file.Files;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

/**
 * Copies an image tar to a registry: Jib reads the tar as its base and adds nothing, so the
 * entrypoint, environment, labels and layers are the tar's; only layers the registry lacks are
 * uploaded.
 *
 * @param credentials where credentials come from
 * @param log Jib's progress and warnings
 */
public record ImagePusher(RegistryCredentials credentials, Consumer<LogEvent> log) {

  /**
   * @throws ImageException naming the tar, the reference or the registry, and what to do
   */
  public PushResult push(PushRequest request) throws ImageException, InterruptedException {
    if (!Files.isRegularFile(request.tar())) {
      throw new ImageException(
          "--tar " + request.tar() + ": no such file (./gpu-dra image push builds it first)");
    }
    ImageReference target = reference(request.target(), "REGISTRY/NAME:TAG");
    for (String tag : request.extraTags()) {
      if (!ImageReference.isValidTag(tag)) {
        throw new ImageException("--tag " + tag + ": not a valid tag");
      }
    }
    if (!request.insecure()) {
      TlsProbe.requireTls(target.getRegistry(), "push");
    }
    RegistryImage to = RegistryImage.named(target);
    credentials.retrievers(target, log).forEach(to::addCredentialRetriever);
    Containerizer containerizer =
        Containerizer.to(to)
            .setAllowInsecureRegistries(request.insecure())
            .setToolName("gpu-dra image push")
            .addEventHandler(LogEvent.class, log);
    request.extraTags().forEach(containerizer::withAdditionalTag);
    try {
      JibContainer pushed = Jib.from(TarImage.at(request.tar())).containerize(containerizer);
      return new PushResult(target.toString(), pushed.getDigest().toString());
    } catch (ExecutionException | RegistryException | IOException e) {
      throw RegistryFailures.explain(target, "push", e);
    } catch (CacheDirectoryCreationException e) {
      throw new ImageException("cannot create Jib's layer cache: " + e.getMessage(), e);
    }
  }

  /** An image reference by tag or digest. */
  static ImageReference parse(String text, String what) throws ImageException {
    try {
      return ImageReference.parse(text);
    } catch (InvalidImageReferenceException e) {
      throw new ImageException(what + " " + text + ": not an image reference", e);
    }
  }

  /** An image reference that names a tag. */
  static ImageReference reference(String text, String what) throws ImageException {
    ImageReference reference = parse(text, what);
    if (!text.substring(text.lastIndexOf('/') + 1).contains(":") || text.contains("@")) {
      throw new ImageException(
          what + " " + text + ": name a tag, as in registry.example.com/gpu-dra:0.1.0");
    }
    return reference;
  }
}
