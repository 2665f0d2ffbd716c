# Draws the app icons (www/icons/*.png) from the shape of www/favicon.svg: a dark hexagon with
# a red, a blue and a green disc. Run once after changing the mark: python3 scripts/make-icons.py
# (pure Python: no image library needed).
import zlib, struct
HEX=[(16,2),(28,9),(28,23),(16,30),(4,23),(4,9)]
CIRCLES=[((11,13),4,(0xd4,0x3d,0x3d)),((21,13),4,(0x2d,0x6c,0xdf)),((16,21.5),4,(0x2f,0x9a,0x57))]
DARK=(0x3a,0x3f,0x47)
def inside_poly(x,y,poly):
    c=False; n=len(poly)
    for i in range(n):
        x1,y1=poly[i]; x2,y2=poly[(i+1)%n]
        if (y1>y)!=(y2>y) and x < (x2-x1)*(y-y1)/(y2-y1)+x1: c=not c
    return c
def color_at(u,v,maskable):
    # u,v in logo units 0..32
    for (cx,cy),r,col in CIRCLES:
        if (u-cx)**2+(v-cy)**2<=r*r: return col+(255,)
    if inside_poly(u,v,HEX): return DARK+(255,)
    return (0xf5,0xf2,0xea,255) if maskable else (0,0,0,0)
def render(size,maskable,path):
    ss=3; rows=[]
    scale = 32/(size*0.72) if maskable else 32/size
    off = (size - 32/scale)/2
    for y in range(size):
        row=bytearray([0])
        for x in range(size):
            acc=[0,0,0,0]
            for sy in range(ss):
                for sx in range(ss):
                    u=((x+(sx+.5)/ss)-off)*scale; v=((y+(sy+.5)/ss)-off)*scale
                    c=color_at(u,v,maskable)
                    for k in range(3): acc[k]+=c[k]*c[3]
                    acc[3]+=c[3]
            a=acc[3]/(ss*ss)
            if acc[3]: row+=bytes([round(acc[0]/acc[3]),round(acc[1]/acc[3]),round(acc[2]/acc[3]),round(a)])
            else: row+=bytes([0,0,0,0])
        rows.append(bytes(row))
    raw=b''.join(rows)
    def chunk(t,d): return struct.pack('>I',len(d))+t+d+struct.pack('>I',zlib.crc32(t+d)&0xffffffff)
    png=b'\x89PNG\r\n\x1a\n'+chunk(b'IHDR',struct.pack('>IIBBBBB',size,size,8,6,0,0,0))+chunk(b'IDAT',zlib.compress(raw,9))+chunk(b'IEND',b'')
    open(path,'wb').write(png)
render(192,False,'www/icons/icon-192.png')
render(512,False,'www/icons/icon-512.png')
render(512,True,'www/icons/maskable-512.png')
