package dev.gpudra.imagepush;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.cloud.tools.jib.api.Credential;
import com.google.cloud.tools.jib.api.CredentialRetriever;
import com.google.cloud.tools.jib.api.DescriptorDigest;
import com.google.cloud.tools.jib.api.ImageReference;
import com.google.cloud.tools.jib.api.LogEvent;
import com.google.cloud.tools.jib.api.RegistryException;
import com.google.cloud.tools.jib.blob.BlobDescriptor;
import com.google.cloud.tools.jib.blob.Blobs;
import com.google.cloud.tools.jib.event.EventHandlers;
import com.google.cloud.tools.jib.hash.Digests;
import com.google.cloud.tools.jib.http.FailoverHttpClient;
import com.google.cloud.tools.jib.image.json.ManifestTemplate;
import com.google.cloud.tools.jib.image.json.V22ManifestListTemplate;
import com.google.cloud.tools.jib.image.json.V22ManifestTemplate;
import com.google.cloud.tools.jib.registry.ManifestAndDigest;
import com.google.cloud.tools.jib.registry.RegistryClient;
import com.google.cloud.tools.jib.registry.credentials.CredentialRetrievalException;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Writes a multi-platform image: a Docker manifest list under one tag over per-platform images
 * already pushed to the same repository (each built on its platform's base, with that platform's
 * AOT cache or none). Each entry's platform is read from its image's config, so a list cannot claim
 * an architecture its image does not have. Uses Jib's registry client, which does the registry's
 * authentication as a push does.
 *
 * @param credentials where credentials come from
 * @param log Jib's progress and warnings
 */
public record ImageIndexer(RegistryCredentials credentials, Consumer<LogEvent> log) {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * @return {@code target@sha256:...} of the pushed list
   * @throws ImageException naming the image or registry: another repository, an image that is a
   *     list already or not Docker's v2.2 format, two images of one platform, a registry failure
   */
  public PushResult index(IndexRequest request) throws ImageException, InterruptedException {
    ImageReference target = ImagePusher.reference(request.target(), "REGISTRY/NAME:TAG");
    if (request.images().size() < 2) {
      throw new ImageException("--image: name at least two per-platform images");
    }
    if (!request.insecure()) {
      TlsProbe.requireTls(target.getRegistry(), "push");
    }
    FailoverHttpClient http = new FailoverHttpClient(request.insecure(), false, log);
    try {
      Optional<Credential> credential = credential(target);
      RegistryClient client =
          RegistryClient.factory(
                  EventHandlers.builder().add(LogEvent.class, log).build(),
                  target.getRegistry(),
                  target.getRepository(),
                  http)
              .setCredential(credential.orElse(null))
              .newRegistryClient();
      // a registry that answers with a Bearer challenge gets a token; one with Basic (or none)
      // gets the credential on each request, as Jib's own push does
      if (!client.doPushBearerAuth() && credential.isPresent()) {
        client.configureBasicAuth();
      }
      V22ManifestListTemplate list = new V22ManifestListTemplate();
      Map<String, String> platforms = new HashMap<>();
      for (String image : request.images()) {
        list.addManifest(describe(client, target, image, platforms));
      }
      DescriptorDigest digest = client.pushManifest(list, target.getTag().orElseThrow());
      return new PushResult(target.toString(), digest.toString());
    } catch (IOException | RegistryException e) {
      throw RegistryFailures.explain(target, "push", e);
    } finally {
      shutDown(http);
    }
  }

  private V22ManifestListTemplate.ManifestDescriptorTemplate describe(
      RegistryClient client, ImageReference target, String image, Map<String, String> platforms)
      throws ImageException, IOException, RegistryException {
    ImageReference reference = ImagePusher.parse(image, "--image");
    if (!reference.getRegistry().equals(target.getRegistry())
        || !reference.getRepository().equals(target.getRepository())) {
      throw new ImageException(
          "--image " + image + ": not in " + target.getRegistry() + "/" + target.getRepository());
    }
    ManifestAndDigest<ManifestTemplate> pulled = client.pullManifest(reference.getQualifier());
    if (!(pulled.getManifest() instanceof V22ManifestTemplate manifest)) {
      throw new ImageException(
          "--image "
              + image
              + ": "
              + pulled.getManifest().getManifestMediaType()
              + ", not one image in Docker's v2.2 format (as gpu-dra image push writes it)");
    }
    BlobDescriptor described = Digests.computeDigest(manifest);
    if (!described.getDigest().equals(pulled.getDigest())) {
      throw new ImageException(
          "--image " + image + ": its manifest is not serialized as Jib writes one");
    }
    JsonNode config =
        JSON.readTree(
            Blobs.writeToByteArray(
                client.pullBlob(
                    manifest.getContainerConfiguration().getDigest(), size -> {}, n -> {})));
    String os = config.path("os").asText("");
    String architecture = config.path("architecture").asText("");
    String platform = os + "/" + architecture;
    String earlier = platforms.putIfAbsent(platform, image);
    if (earlier != null) {
      throw new ImageException("--image " + image + " and " + earlier + ": both " + platform);
    }
    V22ManifestListTemplate.ManifestDescriptorTemplate entry =
        new V22ManifestListTemplate.ManifestDescriptorTemplate();
    entry.setMediaType(manifest.getManifestMediaType());
    entry.setDigest(pulled.getDigest().toString());
    entry.setSize(described.getSize());
    entry.setPlatform(architecture, os);
    return entry;
  }

  private Optional<Credential> credential(ImageReference target) throws ImageException {
    for (CredentialRetriever retriever : credentials.retrievers(target, log)) {
      try {
        Optional<Credential> found = retriever.retrieve();
        if (found.isPresent()) {
          return found;
        }
      } catch (CredentialRetrievalException e) {
        throw new ImageException(
            "cannot read credentials for " + target.getRegistry() + ": " + e.getMessage(), e);
      }
    }
    return Optional.empty();
  }

  private static void shutDown(FailoverHttpClient http) {
    try {
      http.shutDown();
    } catch (IOException e) {
      // the list was pushed or the failure reported; closing the connections changes neither
    }
  }
}
