import CarouselSiteKit
print("carousel-site")
